// Type-level checks: the package's types are real (not `any`), so misuse is an error.
import { createModal, GangwayError, selectAddress, type ModalState } from 'gangway'
import { createEvmAdapter, defineEvmNetwork, UserRejectedRequestError } from 'gangway/evm'
import { createWalletConnectAdapter, walletLink } from 'gangway/walletconnect'
import { useModalState } from 'gangway/react'
import { GangwayDevtools, diffStates } from 'gangway/devtools'

export const network = defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'https://eth.example' })
// @ts-expect-error projectId is a string
createModal({ projectId: 1 })
// @ts-expect-error networks hold network data
createModal({ projectId: 'p', networks: ['eip155:1'] })
export const address: string | null = selectAddress({} as ModalState)
// @ts-expect-error the address is not a number
export const notNumber: number = selectAddress({} as ModalState)
export const rejected: GangwayError = new UserRejectedRequestError('Connection rejected')
export const adapter = createWalletConnectAdapter({ projectId: 'p', networks: [network] }, createEvmAdapter())
export const link: typeof walletLink = walletLink
export const changes: { path: string }[] = diffStates({ a: 1 }, { a: 2 })
export const devtools = GangwayDevtools
export const hook = useModalState
