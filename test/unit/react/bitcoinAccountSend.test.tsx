// @vitest-environment happy-dom
// A Bitcoin connection in the modal's views, with the real Bitcoin adapter, a fake wallet and a
// fake Esplora: Account shows the payment address and its BTC balance at 3 decimals, truncated;
// Send refuses a receiver of another Bitcoin network and reviews a regtest one with the fee the
// adapter estimates; signPsbt reaches the wallet through the modal.
import { base64 } from '@scure/base'
import { Address, OutScript, p2wpkh, Transaction } from '@scure/btc-signer'
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAccount, REGTEST_ADDRESSES, REGTEST_CAIP2 } from '../../../dev/bitcoin/devAccounts'
import { createBitcoinAdapter } from '../../../src/adapters/bitcoin/createBitcoinAdapter'
import { defineBitcoinNetwork, REGTEST_GENESIS } from '../../../src/adapters/bitcoin/defineBitcoinNetwork'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { until } from '../../support/until'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { evmNetwork } from '../../support/stateAfter'
import { createFakeBitcoinWallet, fakeEsplora, type FakeBitcoinWallet } from '../adapters/bitcoin/fakeBitcoinWallet'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const regtest = defineBitcoinNetwork({ genesisHash: REGTEST_GENESIS, name: 'Bitcoin Regtest', rpcUrl: 'http://esplora.test', kind: 'regtest' })
const dev0 = devBitcoinAccount(0)
let fake: FakeBitcoinWallet
afterEach(() => fake?.unregister())

async function connected() {
  fake = createFakeBitcoinWallet({ name: 'View BTC' }).register()
  // 1.23456789 BTC: shown as 1.234 (truncated, never rounded up to 1.235).
  const esplora = fakeEsplora({ utxos: { [dev0.payment.address]: [{ txid: '11'.repeat(32), vout: 0, value: 123_456_789 }] }, fees: { '3': 2 } })
  const adapter = createBitcoinAdapter({ networks: [regtest], prefetch: false, discoveryTimeoutMs: 50, fetch: esplora.fetch, window })
  const modal = createModal({ projectId: 'p', adapters: [adapter], networks: [regtest], storage: createMemoryStorage(), persistLog: false })
  await modal.ready
  const ui = mount(modal)
  const connection = await act(() => modal.connect('View BTC', 'bip122'))
  return { modal, ui, connection, esplora }
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('a Bitcoin connection in the views', () => {
  it('connects with the payment account first and shows its balance in BTC at 3 decimals, truncated', async () => {
    const { modal, ui, connection } = await connected()
    expect(connection.caipNetworkId).toBe(REGTEST_CAIP2)
    expect(connection.accounts.map((a) => [a.type, a.address])).toEqual([
      ['payment', dev0.payment.address],
      ['ordinal', dev0.ordinals.address],
    ])
    act(() => modal.open('Account'))
    expect(ui.byTestId('account-address')!.getAttribute('title')).toBe(dev0.payment.address)
    const text = await until(() => {
      const t = ui.byTestId('account-balance')?.textContent ?? ''
      return t.includes('BTC') && !t.includes('0.000') && t
    })
    expect(text.replace(/\s+/g, ' ')).toContain('1.234 BTC')
    modal.destroy()
  })

  it("refuses a mainnet receiver with 'Invalid receiver address', and reviews a regtest one with the estimated fee", async () => {
    const { modal, ui } = await connected()
    act(() => modal.open('WalletSend'))
    await until(() => ui.byTestId('send-receiver'))
    expect(ui.byTestId('send-receiver')!.getAttribute('placeholder')).toBe('Bitcoin address')
    type(ui.byTestId('send-amount') as HTMLInputElement, '0.5')
    type(ui.byTestId('send-receiver') as HTMLInputElement, p2wpkh(dev0.payment.publicKey).address!)
    await act(async () => ui.byTestId('send-review')!.click())
    expect(ui.byTestId('send-form-error')?.textContent).toBe('Invalid receiver address')
    expect(ui.byTestId('send-review-step')).toBeNull()
    type(ui.byTestId('send-receiver') as HTMLInputElement, devBitcoinAccount(1).payment.address)
    await act(async () => ui.byTestId('send-review')!.click())
    await until(() => ui.byTestId('send-review-step'))
    const fee = await until(() => ui.byTestId('send-review-fee')?.getAttribute('data-status') === 'ready' && ui.byTestId('send-review-fee')!.textContent)
    // One p2wpkh input, two p2wpkh outputs (141 vB at most) at 2 sat/vB, shown in BTC.
    expect(fee).toMatch(/^≈ 0\.0000028[0-2] BTC$/)
    modal.destroy()
  })

  it("refuses more than the balance with the spec's words before the wallet is asked", async () => {
    const { modal, ui } = await connected()
    act(() => modal.open('WalletSend'))
    await until(() => ui.byTestId('send-amount'))
    type(ui.byTestId('send-amount') as HTMLInputElement, '2')
    await until(() => ui.byTestId('send-amount-error'))
    expect(ui.byTestId('send-amount-error')!.textContent).toBe('Insufficient BTC balance')
    modal.destroy()
  })

  it('modal.signPsbt has the connected wallet sign the named inputs and resolves with the signed PSBT', async () => {
    const { modal } = await connected()
    const tx = new Transaction()
    tx.addInput({ txid: '22'.repeat(32), index: 0, witnessUtxo: { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(dev0.payment.address)), amount: 10_000n } })
    tx.addOutputAddress(devBitcoinAccount(1).payment.address, 9_000n, REGTEST_ADDRESSES)
    const psbt = base64.encode(tx.toPSBT())
    const signed = await modal.signPsbt(psbt, { inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] })
    expect(Transaction.fromPSBT(base64.decode(signed.psbt)).getInput(0).partialSig).toHaveLength(1)
    expect(signed.txid).toBeUndefined()
    await expect(modal.signPsbt(psbt, { inputsToSign: [] })).rejects.toThrow('Invalid signPsbt arguments')
    await expect(modal.signPsbt('bm90IGEgcHNidA==', { inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] })).rejects.toMatchObject({ shortMessage: 'Invalid PSBT' })
    modal.destroy()
  })

  it('lists Bitcoin beside EVM in Networks (its networks under its name) and in SwitchActiveChain', async () => {
    fake = createFakeBitcoinWallet({ name: 'View BTC' }).register()
    const evm = createFakeChainAdapter([connectorOf('w')])
    const bitcoin = createBitcoinAdapter({ networks: [regtest], prefetch: false, fetch: fakeEsplora().fetch, window })
    const modal = createModal({ projectId: 'p', adapters: [evm.adapter, bitcoin], networks: [evmNetwork(1, 'One'), regtest], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const ui = mount(modal)
    await act(() => modal.connect('View BTC', 'bip122'))
    act(() => modal.open('Networks'))
    const headings = [...ui.byTestId('view-networks')!.querySelectorAll('h3')].map((h) => h.textContent)
    expect(headings).toEqual(['Ethereum (EVM)', 'Bitcoin'])
    expect([...ui.byTestId('networks-bip122')!.querySelectorAll('.gw-wallet-name')].map((e) => e.textContent)).toEqual(['Bitcoin Regtest'])
    act(() => modal.open('SwitchActiveChain'))
    await until(() => ui.byTestId('active-chain-bip122'))
    expect(ui.byTestId('active-chain-bip122')!.textContent).toContain('Bitcoin')
    expect(ui.byTestId('active-chain-eip155')).not.toBeNull()
    modal.destroy()
  })
})
