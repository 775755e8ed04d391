// @vitest-environment happy-dom
// A real modal with the Solana adapter and the dev Solana wallet (Gangway Dev Solana, a Wallet
// Standard wallet over the local validator's dev accounts, approved or rejected like a person
// would): connect to a CAIP-10 address on the validator's network, refusal, signing verified with
// kit, account switch and disconnect from the wallet's side, silent reconnect after a reload, and a
// wallet answering junk that leaves the state as it was.
import { address, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEV_SOLANA_WALLET_NAME } from '../../../dev/solana/devSolanaWallet'
import { installDevSolanaWallet, type InstalledDevSolanaWallet } from '../../../dev/solana/installDevSolanaWallet'
import { startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { createSolanaAdapter } from '../../../src/adapters/solana/createSolanaAdapter'
import { solanaLocalnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import type { Network } from '../../../src/core/domain/entities'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { selectAddress, selectCaipAddress, selectIsConnected } from '../../../src/core/selectors'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeStandardWallet, FAKE_NAME } from './fakeStandardWallet'

let validator: SolanaValidator
let network: Network
let installed: InstalledDevSolanaWallet
const modals: { destroy(): void }[] = []

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
  network = solanaLocalnet(validator.rpcUrl, { caipNetworkId: validator.caipNetworkId })
}, 30_000)
afterAll(async () => {
  await validator?.stop()
})
beforeEach(async () => {
  window.localStorage.clear()
  installed = await installDevSolanaWallet({ rpcUrl: validator.rpcUrl, caipNetworkId: validator.caipNetworkId, accounts: validator.accounts })
})
afterEach(() => {
  for (const m of modals.splice(0)) m.destroy()
  installed.uninstall()
})

async function solanaModal(kv = createMemoryKeyValue()) {
  const test = await createTestModal(
    { adapters: [createSolanaAdapter({ networks: [network], prefetch: false, discoveryTimeoutMs: 200 })], networks: [network] },
    kv,
  )
  modals.push(test.modal)
  return test
}

/** Waits (real time) until `ok` holds. */
async function until(ok: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!ok() && Date.now() < deadline) await settle(2)
  expect(ok()).toBe(true)
}

describe('the modal with the Solana adapter and the dev Solana wallet', () => {
  it('lists the wallet, connects it to a CAIP-10 address on the validator, signs a message kit verifies', async () => {
    const { modal } = await solanaModal()
    await until(() => modal.getState().wallets.connectors.some((c) => c.id === DEV_SOLANA_WALLET_NAME && c.chain === 'solana'))
    installed.handle.approveNext()
    const connection = await modal.connect(DEV_SOLANA_WALLET_NAME, 'solana')
    const first = validator.accounts[0]!.address
    expect(connection.accounts).toEqual([{ address: first, type: 'eoa' }])
    expect(selectCaipAddress(modal.getState())).toBe(`${validator.caipNetworkId}:${first}`)

    installed.handle.approveNext()
    const signature = await modal.signMessage('Sign in to Gangway')
    const key = await getPublicKeyFromAddress(address(first))
    expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, getUtf8Encoder().encode('Sign in to Gangway'))).toBe(true)
  })

  it('a refusal in the wallet is a user rejection and nothing connects', async () => {
    const { modal } = await solanaModal()
    installed.handle.rejectNext()
    const error = await modal.connect(DEV_SOLANA_WALLET_NAME, 'solana').catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Connection rejected')
    expect(selectIsConnected(modal.getState(), 'solana')).toBe(false)
  })

  it('follows the wallet switching account and revoking the site', async () => {
    const { modal } = await solanaModal()
    installed.handle.approveNext()
    await modal.connect(DEV_SOLANA_WALLET_NAME, 'solana')
    await settle()
    installed.handle.selectAccount(1)
    await until(() => selectAddress(modal.getState()) === validator.accounts[1]!.address)
    installed.handle.disconnect()
    await until(() => !selectIsConnected(modal.getState(), 'solana'))
  })

  it('reconnects silently after a reload, without a prompt', async () => {
    const kv = createMemoryKeyValue()
    const first = await solanaModal(kv)
    installed.handle.approveNext()
    await first.modal.connect(DEV_SOLANA_WALLET_NAME, 'solana')
    await settle()
    first.modal.destroy()
    const second = await solanaModal(kv)
    await until(() => selectIsConnected(second.modal.getState(), 'solana'))
    expect(selectAddress(second.modal.getState())).toBe(validator.accounts[0]!.address)
    expect(installed.handle.pending()).toEqual([])
  })

  it('a wallet answering junk fails the connect clearly and leaves the state as it was', async () => {
    const junk = (await createFakeStandardWallet()).register()
    try {
      const { modal } = await solanaModal()
      await until(() => modal.getState().wallets.connectors.some((c) => c.id === FAKE_NAME))
      const connectors = modal.getState().wallets.connectors
      junk.answerNext('connect', () => ({ accounts: [{ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chains: ['solana:mainnet'] }] }))
      const error = await modal.connect(FAKE_NAME, 'solana').catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Failed to connect' })
      expect((error as { details: string }).details).toContain('is not a Solana address')
      // The failed attempt is recorded as such; no connection, account or connector changed.
      expect(modal.getState().connection.byNamespace.solana?.connections ?? []).toEqual([])
      expect(selectAddress(modal.getState())).toBeNull()
      expect(selectIsConnected(modal.getState(), 'solana')).toBe(false)
      expect(modal.getState().wallets.connectors).toBe(connectors)
    } finally {
      junk.unregister()
    }
  })
})
