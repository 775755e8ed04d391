import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../src/core/errors/base'
import { FeatureNotIncludedError, ModalClosedError, NetworkNotFoundError, RequestAbortedError } from '../../../src/core/errors/connection'
import { InvalidCaipNetworkIdError, SendFormError } from '../../../src/core/errors/domain'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { PayNotAllowedError } from '../../../src/core/errors/pay'
import { WalletRejectedError } from '../../../src/core/errors/wallet'
import { networkSwitchRequested } from '../../../src/core/events/connection/network'
import { remoteConfigLoaded } from '../../../src/core/events/modal/config'
import { modalCloseRequested } from '../../../src/core/events/modal/modal'
import { payApproved, payCancelled } from '../../../src/core/events/pay/pay'
import { solanaMainnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import { names } from '../../../src/features/names'
import { until } from '../../support/until'
import { ACCOUNT_A, GUSD, GWAY, HASH, RECIPIENT, SOL_ACCOUNT, SOL_RECIPIENT, payModal } from './paySupport'

const ETH_PAYMENT = { recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' } as const

type T = Awaited<ReturnType<typeof payModal>>

/** The payment under way, once the modal shows it. */
async function shown(t: T) {
  await until(() => t.modal.getState().pay?.payment?.status === 'reviewing', 5_000, 'the payment')
  await t.settled()
  const payment = t.modal.getState().pay?.payment
  expect(payment?.status).toBe('reviewing')
  expect(t.modal.getState().modal.open).toBe(true)
  expect(t.modal.getState().router.view).toBe('Pay')
  return payment!
}

/** The visitor chooses Pay; the wallet is asked once the transfer checks have loaded. */
async function approve(t: T, wallet = t.evm) {
  const payment = t.modal.getState().pay!.payment!
  t.modal.dispatch(payApproved({}, { requestId: payment.requestId ?? undefined }))
  await until(() => wallet.hasPending('sendTransfer'), 5_000, 'the transfer')
}

describe('modal.pay', () => {
  it('shows the payment, asks the wallet only once the visitor chooses Pay, and resolves with the confirmed transaction', async () => {
    const t = await payModal()
    await t.connect()
    const paid = t.modal.pay(ETH_PAYMENT)
    const payment = await shown(t)
    expect(payment).toMatchObject({ recipient: RECIPIENT, amount: '0.01', asset: { symbol: 'ETH', decimals: 18 }, network: 'eip155:1' })
    expect(t.evm.calls().map((c) => c.method)).not.toContain('sendTransfer')
    await approve(t)
    expect(t.evm.calls().find((c) => c.method === 'sendTransfer')!.args).toEqual(['a', 'eip155:1', { from: ACCOUNT_A, receiver: RECIPIENT, amount: '10000000000000000' }])
    t.evm.answer('sendTransfer', HASH)
    await until(() => t.evm.hasPending('waitForReceipt'), 5_000, 'the receipt')
    expect(t.modal.getState().pay!.payment).toMatchObject({ status: 'pending', hash: HASH })
    t.evm.answer('waitForReceipt', { status: 'success', blockNumber: '12' })
    expect(await paid).toEqual({ hash: HASH, blockNumber: '12', network: 'eip155:1' })
    // The view shows it paid until the visitor is done.
    expect(t.modal.getState().pay!.payment!.status).toBe('confirmed')
    expect(t.modal.getState().router.view).toBe('Pay')
    t.modal.destroy()
  })

  it("pays an ERC-20 as the token contract's transfer, in the token's units", async () => {
    const t = await payModal()
    await t.connect()
    const paid = t.modal.pay({ ...ETH_PAYMENT, amount: '2.5', asset: GUSD })
    await shown(t)
    await approve(t)
    expect(t.evm.calls().find((c) => c.method === 'sendTransfer')!.args[2]).toEqual({ from: ACCOUNT_A, receiver: RECIPIENT, amount: '2500000', token: GUSD.address, decimals: 6 })
    t.evm.answer('sendTransfer', HASH)
    await until(() => t.evm.hasPending('waitForReceipt'))
    t.evm.answer('waitForReceipt', { status: 'success', blockNumber: '3' })
    await expect(paid).resolves.toMatchObject({ hash: HASH })
    t.modal.destroy()
  })

  it('pays SOL and an SPL token from a Solana wallet, through the same path', async () => {
    const t = await payModal()
    await t.connectSolana()
    const sol = t.modal.pay({ recipient: SOL_RECIPIENT, amount: '0.5', asset: 'native', network: solanaMainnet.caipNetworkId })
    await shown(t)
    await approve(t, t.solana)
    expect(t.solana.calls().find((c) => c.method === 'sendTransfer')!.args).toEqual(['s', solanaMainnet.caipNetworkId, { from: SOL_ACCOUNT, receiver: SOL_RECIPIENT, amount: '500000000' }])
    t.solana.answer('sendTransfer', '5'.repeat(88))
    await until(() => t.solana.hasPending('waitForReceipt'))
    t.solana.answer('waitForReceipt', { status: 'success', blockNumber: '40' })
    await expect(sol).resolves.toEqual({ hash: '5'.repeat(88), blockNumber: '40', network: solanaMainnet.caipNetworkId })
    const spl = t.modal.pay({ recipient: SOL_RECIPIENT, amount: '7', asset: GWAY, network: solanaMainnet.caipNetworkId })
    await shown(t)
    await approve(t, t.solana)
    expect(t.solana.calls().filter((c) => c.method === 'sendTransfer')[1]!.args[2]).toEqual({ from: SOL_ACCOUNT, receiver: SOL_RECIPIENT, amount: '7000000', token: GWAY.address, decimals: 6 })
    t.solana.fail('sendTransfer', { code: 4001, message: 'User rejected the request.' })
    await expect(spl).rejects.toSatisfy(isUserRejection)
    t.modal.destroy()
  })

  it('not connected: the payment waits while the visitor connects a wallet, then comes back to Pay', async () => {
    const t = await payModal()
    const paid = t.modal.pay(ETH_PAYMENT)
    await shown(t)
    t.modal.push('Connect')
    await t.connect()
    expect(t.modal.getState().modal.open).toBe(true)
    expect(t.modal.getState().router.view).toBe('Pay')
    await approve(t)
    t.evm.answer('sendTransfer', HASH)
    await until(() => t.evm.hasPending('waitForReceipt'))
    t.evm.answer('waitForReceipt', { status: 'success', blockNumber: '1' })
    await expect(paid).resolves.toMatchObject({ hash: HASH })
    t.modal.destroy()
  })

  it('on another network: the visitor switches first, comes back to Pay, then pays on the payment\'s network', async () => {
    const t = await payModal()
    await t.connect('eip155:2')
    const paid = t.modal.pay(ETH_PAYMENT)
    const payment = await shown(t)
    // Pay is not taken on the wrong network.
    t.modal.dispatch(payApproved({}, { requestId: payment.requestId! }))
    await t.settled()
    expect(t.modal.getState().pay!.payment!.status).toBe('reviewing')
    t.modal.dispatch(networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:1' }))
    await until(() => t.evm.hasPending('switchNetwork'))
    t.evm.answer('switchNetwork', undefined)
    await t.settled()
    expect(t.modal.getState().router.view).toBe('Pay')
    await approve(t)
    expect(t.evm.calls().find((c) => c.method === 'sendTransfer')!.args[1]).toBe('eip155:1')
    t.evm.answer('sendTransfer', HASH)
    await until(() => t.evm.hasPending('waitForReceipt'))
    t.evm.answer('waitForReceipt', { status: 'success', blockNumber: '1' })
    await expect(paid).resolves.toMatchObject({ network: 'eip155:1' })
    t.modal.destroy()
  })

  it("rejects as the visitor's refusal on Cancel or in the wallet, with 'Modal closed' when the modal closes; nothing moves", async () => {
    const t = await payModal()
    await t.connect()
    const cancelled = t.modal.pay(ETH_PAYMENT)
    const p1 = await shown(t)
    t.modal.dispatch(payCancelled({}, { requestId: p1.requestId! }))
    const e1 = await cancelled.catch((e: unknown) => e)
    expect(e1).toBeInstanceOf(WalletRejectedError)
    expect(isUserRejection(e1)).toBe(true)
    const closed = t.modal.pay(ETH_PAYMENT)
    await shown(t)
    t.modal.dispatch(modalCloseRequested({}))
    await expect(closed).rejects.toBeInstanceOf(ModalClosedError)
    const refused = t.modal.pay(ETH_PAYMENT)
    await shown(t)
    await approve(t)
    t.evm.fail('sendTransfer', { code: 4001, message: 'User rejected the request.' })
    const e3 = await refused.catch((e: unknown) => e)
    expect(isUserRejection(e3)).toBe(true)
    expect(t.modal.getState().pay!.payment!.status).toBe('failed')
    expect(isUserRejection(t.modal.getState().pay!.payment!.error)).toBe(true)
    expect(t.evm.calls().filter((c) => c.method === 'waitForReceipt')).toEqual([])
    t.modal.destroy()
  })

  it("refuses what it cannot pay before anything is shown or asked, in the send path's words", async () => {
    const t = await payModal()
    await t.connect()
    t.evm.answer('getBalance', '5000000000000000')
    await t.settled()
    // The command's chunk loads with its first call.
    await t.modal.pay({} as never).catch(() => undefined)
    const before = t.modal.getState()
    const refusal = (args: unknown) => t.modal.pay(args as never).then(() => 'paid', (e: Error & { shortMessage?: string }) => [e.constructor.name, e.shortMessage])
    expect(await refusal({ ...ETH_PAYMENT, amount: '0.01' })).toEqual(['InvalidInputError', 'Insufficient ETH balance'])
    expect(await refusal({ ...ETH_PAYMENT, recipient: '0x1234' })).toEqual(['InvalidInputError', 'Invalid receiver address'])
    expect(await refusal({ ...ETH_PAYMENT, recipient: SOL_RECIPIENT })).toEqual(['InvalidInputError', 'Invalid receiver address'])
    expect(await refusal({ ...ETH_PAYMENT, amount: '' })).toEqual(['SendFormError', 'An amount and receiver address are required'])
    expect(await refusal({ ...ETH_PAYMENT, asset: undefined })).toEqual(['SendFormError', 'A token is required'])
    expect(await refusal({ ...ETH_PAYMENT, amount: '1.0000000000000000001' })).toEqual(['InvalidInputError', 'ETH has at most 18 decimals'])
    expect(await refusal({ ...ETH_PAYMENT, network: 'eip155:8453' })).toEqual(['NetworkNotFoundError', 'Network not found'])
    expect(await refusal({ ...ETH_PAYMENT, network: 'eip155' })).toEqual(['InvalidCaipNetworkIdError', 'Invalid CAIP-2 network id'])
    expect(await refusal({ ...ETH_PAYMENT, asset: { ...GUSD, decimals: 6.5 } })).toEqual(['InvalidInputError', 'Invalid pay arguments'])
    expect(await refusal({ ...ETH_PAYMENT, amount: 0.01 })).toEqual(['InvalidInputError', 'Invalid pay arguments'])
    expect(await refusal({ ...ETH_PAYMENT, memo: 'hi' })).toEqual(['InvalidInputError', 'Invalid pay arguments'])
    expect(await refusal('0.01 ETH')).toEqual(['InvalidInputError', 'Invalid pay arguments'])
    expect(t.modal.getState()).toBe(before)
    t.modal.destroy()
  })

  it('one payment at a time; Pay off in the project\'s configuration is \'Action not allowed\'; without pay() it is not there', async () => {
    const t = await payModal()
    await t.connect()
    const first = t.modal.pay(ETH_PAYMENT)
    await shown(t)
    await expect(t.modal.pay(ETH_PAYMENT)).rejects.toBeInstanceOf(RequestAbortedError)
    t.modal.dispatch(modalCloseRequested({}))
    await first.catch(() => undefined)
    t.modal.dispatch(remoteConfigLoaded({ features: { pay: false } }))
    await expect(t.modal.pay(ETH_PAYMENT)).rejects.toBeInstanceOf(PayNotAllowedError)
    t.modal.destroy()
    const without = await payModal({ modules: [names()] })
    const e = await without.modal.pay(ETH_PAYMENT).catch((error: unknown) => error)
    expect(e).toBeInstanceOf(FeatureNotIncludedError)
    expect(e).toMatchObject({ shortMessage: 'Pay is not enabled' })
    expect(without.modal.getState().pay).toBeUndefined()
    without.modal.destroy()
  })
})

// Referenced so a renamed class fails to compile here rather than pass by accident.
void [InvalidInputError, NetworkNotFoundError, InvalidCaipNetworkIdError, SendFormError]
