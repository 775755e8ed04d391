import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { executeSwap, SWAP_SLIPPAGE_MESSAGE } from '../../../../../src/core/effects/swaps/executeSwap'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { routerPushed } from '../../../../../src/core/events/modal/router'
import { swapApproveRequested, swapQuoteFetched, swapQuoteRequested, swapRequested, swapTokenSelected, swapTokensFetched, swapTokensRequested } from '../../../../../src/core/events/swaps/swap'
import { GangwayError } from '../../../../../src/core/errors/base'
import type { WalletTransaction } from '../../../../../src/core/ports'
import { noReply, reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const GUSD = 'eip155:1:0x00000000000000000000000000000000000000aa'
const ROUTER = '0x00000000000000000000000000000000000000bb'
const info = (address: string, symbol: string, decimals: number) => ({ address, symbol, name: symbol, decimals, logoUri: '', price: 1 })

/** Connected on network 1 with a quote of `amount` of `from` for 5,000 of `to`, the swap asked for. */
function ready(from: string, to: string, amount: string) {
  return stateAfter([
    connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    routerPushed({ view: 'Swap' }),
    swapTokensRequested({ chainId: 'eip155:1' }, { requestId: 't' }),
    swapTokensFetched({ chainId: 'eip155:1', tokens: [info(NATIVE, 'ETH', 18), info(GUSD, 'GUSD', 6)] }, { requestId: 't' }),
    swapTokenSelected({ side: 'from', address: from }),
    swapTokenSelected({ side: 'to', address: to }),
    swapQuoteRequested({ from, to, amount }, { requestId: 'q' }),
    swapQuoteFetched({ from, to, amount, toAmount: '5000', priceImpact: 0.1 }, { requestId: 'q' }),
  ])
}

function fakes(options: { allowance?: string; send?: (tx: WalletTransaction) => Promise<string>; receipt?: 'success' | 'reverted'; build?: () => Promise<unknown> }) {
  const api: string[] = []
  const sent: WalletTransaction[] = []
  const blockchain = {
    getSwapAllowance: (p: unknown) => (api.push(`allowance ${JSON.stringify(p)}`), reply(options.allowance ?? '0', 5)),
    buildApproveTransaction: (p: unknown) => (api.push(`approve ${JSON.stringify(p)}`), reply({ from: ACCOUNT, to: GUSD.split(':')[2], data: '0x095ea7b3', value: '0' }, 5)),
    buildSwapTransaction: (p: unknown) => (api.push(`build ${JSON.stringify(p)}`), options.build ? options.build() : reply({ from: ACCOUNT, to: ROUTER, data: '0x7ff36ab5', value: '1000' }, 5)),
  } as unknown as BlockchainApi
  const { adapter } = fakeAdapter({
    waitForReceipt: () => reply({ status: options.receipt ?? 'success', blockNumber: '7' }, 5),
    evm: {
      signTypedData: () => replyError(new Error('unexpected')),
      sendTransaction: (_c, _n, tx) => (sent.push(tx), options.send ? options.send(tx) : reply(`0xhash${sent.length}`, 5)),
    },
  })
  return { deps: { adapters: { eip155: adapter }, api: { blockchain, directory: null, loadConfiguration: null } }, api, sent }
}

describe('executeSwap', () => {
  it('selling the native token: builds the swap with 1 % slippage, the wallet sends it, and once mined the balances are fetched again', async () => {
    const { deps, api, sent } = fakes({})
    const run = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps })
    expect(api).toEqual([`build ${JSON.stringify({ amount: '1000', userAddress: `eip155:1:${ACCOUNT}`, from: NATIVE, to: GUSD, slippage: 1 })}`])
    expect(sent).toEqual([{ from: ACCOUNT, to: ROUTER, data: '0x7ff36ab5', value: '1000' }])
    expect(run.state.swap!.step).toMatchObject({ status: 'confirmed', hash: '0xhash1' })
    expect(run.log.map((e) => e.type)).toContain('balance/refreshRequested')
  })

  it('selling a token with too small an allowance goes to ApproveTransaction; approving sends the approval, then the swap', async () => {
    const { deps, api, sent } = fakes({ allowance: '999' })
    const first = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(GUSD, NATIVE, '1000'), loop: true, deps })
    expect(first.state.swap!.step).toMatchObject({ status: 'approval', approveToken: GUSD })
    expect(first.state.router.view).toBe('ApproveTransaction')
    expect(sent).toEqual([])
    const second = await runEffectAsync(executeSwap, { events: { marble: 'a', values: { a: swapApproveRequested({}, { requestId: 'y' }) } }, state: first.state, loop: true, deps })
    expect(api.map((c) => c.split(' ')[0])).toEqual(['allowance', 'approve', 'build'])
    expect(sent.map((tx) => tx.to)).toEqual([GUSD.split(':')[2], ROUTER])
    // A zero value is not sent with the approval.
    expect(sent[0]).not.toHaveProperty('value')
    expect(second.state.swap!.step).toMatchObject({ status: 'confirmed', hash: '0xhash2' })
    expect(second.state.router.view).toBe('Swap')
  })

  it('the progress follows the real step: the wallet is asked (swap/walletRequested) once the swap is built, not during the allowance check', async () => {
    // The wallet's prompt left open: the step is the swap in the wallet, no longer the allowance check.
    const open = fakes({ allowance: '1000', send: () => noReply() })
    const a = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(GUSD, NATIVE, '1000'), loop: true, deps: open.deps })
    expect(a.log.map((e) => e.type)).toEqual(['swap/requested', 'swap/walletRequested'])
    expect(a.state.swap!.step?.status).toBe('swapping')
    // The whole swap: checked, built, asked, sent, mined, in this order.
    const { deps } = fakes({ allowance: '1000' })
    const b = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps })
    expect(b.log.map((e) => e.type).filter((t) => t.startsWith('swap/'))).toEqual(['swap/requested', 'swap/walletRequested', 'swap/submitted', 'swap/confirmed'])
    expect(b.log.find((e) => e.type === 'swap/walletRequested')?.requestId).toBe('x')
    // After an approval the wallet is asked again for the swap.
    const approval = fakes({ allowance: '0' })
    const first = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(GUSD, NATIVE, '1000'), loop: true, deps: approval.deps })
    const second = await runEffectAsync(executeSwap, { events: { marble: 'a', values: { a: swapApproveRequested({}, { requestId: 'y' }) } }, state: first.state, loop: true, deps: approval.deps })
    expect(second.log.map((e) => e.type).filter((t) => t.startsWith('swap/'))).toEqual([
      'swap/approveRequested',
      'swap/approveSubmitted',
      'swap/approved',
      'swap/walletRequested',
      'swap/submitted',
      'swap/confirmed',
    ])
  })

  it('a failed build never asks the wallet', async () => {
    const { deps, sent } = fakes({ build: () => replyError(new GangwayError('Network not supported for Swaps'), 5) })
    const run = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps })
    expect(run.log.map((e) => e.type)).not.toContain('swap/walletRequested')
    expect(sent).toEqual([])
    expect(run.state.swap!.step).toMatchObject({ status: 'failed', error: { shortMessage: 'Network not supported for Swaps' } })
  })

  it('enough allowance: no approval, the swap is sent at once', async () => {
    const { deps, api } = fakes({ allowance: '1000' })
    const run = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(GUSD, NATIVE, '1000'), loop: true, deps })
    expect(api.map((c) => c.split(' ')[0])).toEqual(['allowance', 'build'])
    expect(run.state.swap!.step?.status).toBe('confirmed')
  })

  it('a revert or the router refusing the price is the slippage message; a refusal is the wallet’s; nothing else changes', async () => {
    const reverted = fakes({ receipt: 'reverted' })
    const a = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps: reverted.deps })
    expect(a.state.swap!.step).toMatchObject({ status: 'failed', hash: '0xhash1', error: { shortMessage: SWAP_SLIPPAGE_MESSAGE } })
    expect(a.log.map((e) => e.type)).not.toContain('balance/refreshRequested')

    const estimate = fakes({ send: () => replyError(new GangwayError('Something went wrong', { details: 'execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' }), 5) })
    const b = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps: estimate.deps })
    expect(b.state.swap!.step).toMatchObject({ status: 'failed', hash: null, error: { shortMessage: SWAP_SLIPPAGE_MESSAGE } })

    const refused = fakes({ send: () => replyError(new GangwayError('User rejected the request', { code: 4001 }), 5) })
    const c = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: ready(NATIVE, GUSD, '1000'), loop: true, deps: refused.deps })
    expect(c.state.swap!.step).toMatchObject({ status: 'failed', error: { shortMessage: 'User rejected the request' } })
    // A fresh quote is asked for after a failure.
    expect(c.state.swap!.quote).toBeNull()
  })

  it('without a quote for the form, or a second Swap while one runs, nothing is sent', async () => {
    const { deps, sent } = fakes({})
    const noQuote = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
    const a = await runEffectAsync(executeSwap, { events: { marble: 's', values: { s: swapRequested({}, { requestId: 'x' }) } }, state: noQuote, loop: true, deps })
    expect(a.state.swap!.step).toBeNull()
    const b = await runEffectAsync(executeSwap, {
      events: { marble: 's t', values: { s: swapRequested({}, { requestId: 'x' }), t: swapRequested({}, { requestId: 'y' }) } },
      state: ready(NATIVE, GUSD, '1000'),
      loop: true,
      deps,
    })
    expect(sent).toHaveLength(1)
    expect(b.state.swap!.step).toMatchObject({ status: 'confirmed', requestId: 'x' })
  })
})
