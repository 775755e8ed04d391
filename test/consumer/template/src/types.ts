// Type-level checks: the package's types are real (not `any`), so misuse is an error.
import { createModal, GangwayError, isUserRejection, selectAddress, WalletRejectedError, type ConnectError, type ModalState } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork, toEvmError } from 'gangway-kit/evm'
import { createWalletConnectAdapter, walletLink } from 'gangway-kit/walletconnect/adapter'
import { useModalState } from 'gangway-kit/react'
import { GangwayDevtools, diffStates } from 'gangway-kit/devtools'
import { installReactDevtoolsHook } from 'gangway-kit/devtools/components'

export const network = defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'https://eth.example' })
// @ts-expect-error projectId is a string
createModal({ projectId: 1 })
// @ts-expect-error networks hold network data
createModal({ projectId: 'p', networks: ['eip155:1'] })
export const address: string | null = selectAddress({} as ModalState)
// @ts-expect-error the address is not a number
export const notNumber: number = selectAddress({} as ModalState)
// The error classes are the core's (`gangway-kit`); the EVM entry maps a wallet's errors onto them.
const walletRejected = new WalletRejectedError('Connection rejected')
export const rejected: GangwayError = walletRejected
export const rejectedKind: 'WALLET_REJECTED' = walletRejected.kind
// @ts-expect-error a wallet rejection's kind is not another error's
export const wrongKind: 'MODAL_CLOSED' = walletRejected.kind
export const fromConnect: ConnectError = walletRejected
// @ts-expect-error a plain Error is not in a command's error union
export const notAConnectError: ConnectError = new Error('x')
export const mapped: GangwayError = toEvmError({ code: 4001 }, 'connect')
export const userSaidNo: boolean = isUserRejection(mapped)
export const adapter = createWalletConnectAdapter({ projectId: 'p', networks: [network] }, createEvmAdapter())
export const link: typeof walletLink = walletLink
export const changes: { path: string }[] = diffStates({ a: 1 }, { a: 2 })
export const devtools = GangwayDevtools
export const hook = useModalState
// The Components tab's hook, from its opt-in entry.
export const installHook: (target?: Window) => Promise<void> = installReactDevtoolsHook
