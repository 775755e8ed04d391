// Fuzz: the gateway's dev exchanges (Pay from an exchange) over one local chain with the hot
// wallet. Arbitrary queries at the listing, bodies at the session route (arbitrary exchange ids in
// the path too), ids at the status route, and confirm / cancel on the sessions made. Every answer
// is a 200 of the documented shape, a 400 `{ error }` (a 404 only for an unknown exchange or
// session, a 409 for a session no longer pending), never a 5xx. A body the oracle below reads as
// a valid payment must be answered 200, any other 400. Funds move only on a confirm, by exactly
// the session's amount to its recipient; nothing else changes the hot wallet's balance or nonce.

import fc from 'fast-check'
import { getAddress, isAddress, parseEther, toHex, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, walletOn } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

type Stack = Awaited<ReturnType<typeof startStack>>
let stack: Stack

beforeAll(async () => {
  stack = await startStack({ count: 1 })
}, 60_000)
afterAll(() => stack?.stop())

const NETWORK = 'eip155:31337'
const EXCHANGES = ['devexchange', 'devexchangepro']

// ---- arbitraries -----------------------------------------------------------------------------

function mostlyValid<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) {
  return fc.oneof({ weight: 5, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: invalid })
}
const freshAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes)))
const recipientArb = mostlyValid(
  fc.oneof(freshAddress, freshAddress.map((a) => a.toLowerCase())),
  fc.oneof(
    freshAddress.map((a) => a.replace(/[a-fA-F]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))),
    freshAddress.map((a) => a.slice(0, -1)),
    fc.constantFrom('0x1', '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', '', `0x${'g'.repeat(40)}`),
    fc.anything(),
  ),
)
const amountArb = mostlyValid(
  fc.oneof(
    fc.integer({ min: 1, max: 50_000 }).map((n) => `0.${String(n).padStart(6, '0')}`.replace(/0+$/, '').replace(/\.$/, '')),
    fc.constantFrom('0.01', '0.5', '1', ' 0.02 ', '0.000000000000000001'),
  ),
  fc.oneof(fc.constantFrom('0', '0.0', '-1', '1e-3', '', '.5', '5.', '0.0000000000000000001', '١', 'NaN'), fc.double(), fc.string({ maxLength: 12 }), fc.anything()),
)
const assetArb = mostlyValid(
  fc.constantFrom('native', `${NETWORK}/slip44:60`),
  fc.oneof(fc.constantFrom('ETH', 'eip155:1/slip44:60', `${NETWORK}/slip44:501`, `${NETWORK}/erc20:0x12`, `${NETWORK}/nft:1`, ''), fc.string({ maxLength: 30 }), fc.anything()),
)
const networkArb = mostlyValid(fc.constant(NETWORK), fc.oneof(fc.constantFrom('eip155:1', '31337', 'eip155:31338', ''), fc.anything()))
const bodyArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ recipient: recipientArb, amount: amountArb, asset: assetArb, network: networkArb }) },
  { weight: 2, arbitrary: fc.record({ recipient: recipientArb, amount: amountArb, asset: assetArb, network: networkArb, memo: fc.string() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
)
const exchangeArb = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...EXCHANGES) }, { weight: 1, arbitrary: fc.constantFrom('moonpay', 'DevExchange', 'dev exchange') })
/** What the visitor does on the page of a session made: nothing, confirm, cancel, or both in turn. */
const actionArb = fc.constantFrom('none', 'confirm', 'cancel', 'cancel-confirm', 'confirm-confirm')

type Target =
  | { kind: 'list'; query: Record<string, string> }
  | { kind: 'create'; exchange: string; body: unknown; action: string }
  | { kind: 'status'; id: string }

const targetArb: fc.Arbitrary<Target> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ network: networkArb, asset: assetArb }, { requiredKeys: [] }).map((q): Target => ({ kind: 'list', query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) })) },
  { weight: 6, arbitrary: fc.tuple(exchangeArb, bodyArb, actionArb).map(([exchange, body, action]): Target => ({ kind: 'create', exchange, body, action })) },
  { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 })).map((id): Target => ({ kind: 'status', id })) },
)

// ---- oracle ----------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The wei a body asks to pay, when the gateway must accept it; null when it must refuse it. */
function validPayment(body: unknown): { to: Address; wei: bigint } | null {
  if (!isObject(body)) return null
  if (Object.keys(body).some((k) => !['recipient', 'amount', 'asset', 'network'].includes(k))) return null
  if (body.network !== NETWORK) return null
  if (body.asset !== 'native' && body.asset !== `${NETWORK}/slip44:60`) return null
  if (typeof body.recipient !== 'string' || !isAddress(body.recipient)) return null
  if (typeof body.amount !== 'string') return null
  const text = body.amount.trim()
  if (!/^\d{1,30}(\.\d{1,18})?$/.test(text)) return null
  const wei = parseEther(text)
  return wei > 0n ? { to: getAddress(body.recipient), wei } : null
}

// ---- chain state -----------------------------------------------------------------------------

const reader = () => walletOn(stack.dev.chains[0]!, stack.dev.exchange.privateKey).reader
const hotWallet = async () => [await reader().getBalance({ address: stack.dev.exchange.address }), BigInt(await reader().getTransactionCount({ address: stack.dev.exchange.address }))] as const

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'null' })
  const text = await response.text()
  expect(response.status, `${path} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500)
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> }
}

// ---- campaign --------------------------------------------------------------------------------

describe('fuzz: Pay from an exchange through the gateway', () => {
  it('answers any listing, session, status, confirm or cancel with its documented shape or a 4xx, and moves funds only on a confirm, by exactly the amount', async () => {
    const base = stack.gateway.url
    let paid = 0
    await fc.assert(
      fc.asyncProperty(targetArb, async (target) => {
        const [balance, nonce] = await hotWallet()
        if (target.kind === 'list') {
          const response = await fetch(`${base}/v1/exchanges?projectId=fuzz&${new URLSearchParams(target.query)}`)
          const body = (await response.json()) as Record<string, unknown>
          const what = `list ${JSON.stringify(target.query)} → ${response.status} ${JSON.stringify(body).slice(0, 200)}`
          const valid = target.query.network === NETWORK && (target.query.asset === 'native' || target.query.asset === `${NETWORK}/slip44:60`)
          expect(response.status, what).toBe(valid ? 200 : 400)
          if (valid) expect((body.exchanges as { id: string }[]).map((e) => e.id), what).toEqual(EXCHANGES)
          else expect(typeof body.error, what).toBe('string')
        } else if (target.kind === 'status') {
          const response = await fetch(`${base}/v1/exchanges/payments/${encodeURIComponent(target.id)}?projectId=fuzz`)
          expect(response.status).toBe(404)
        } else {
          const created = await post(`/v1/exchanges/${encodeURIComponent(target.exchange)}/payments?projectId=fuzz`, target.body)
          const what = `create ${target.exchange} ${JSON.stringify(target.body)?.slice(0, 200)} → ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`
          if (!EXCHANGES.includes(target.exchange)) {
            expect(created.status, what).toBe(404)
          } else {
            const valid = validPayment(target.body)
            expect(created.status, `${what} (oracle: ${valid ? 'valid' : 'invalid'})`).toBe(valid ? 200 : 400)
            if (valid) {
              const { sessionId, url } = created.body as { sessionId: string; url: string }
              const page = new URL(url).pathname
              expect(page, what).toBe(`/exchange/${target.exchange}/pay/${sessionId}`)
              const before = await reader().getBalance({ address: valid.to })
              const steps = target.action === 'none' ? [] : target.action.split('-')
              let confirmed = false
              let ended = false
              for (const step of steps) {
                const answer = await post(`${page}/${step}`, {})
                if (ended) {
                  expect(answer.status, what).toBe(409)
                  continue
                }
                expect(answer.status, what).toBe(200)
                expect(answer.body.status, what).toBe(step === 'confirm' ? 'confirmed' : 'cancelled')
                confirmed = step === 'confirm'
                ended = true
              }
              const status = (await (await fetch(`${base}/v1/exchanges/payments/${sessionId}?projectId=fuzz`)).json()) as Record<string, unknown>
              expect(status.status, what).toBe(confirmed ? 'confirmed' : ended ? 'cancelled' : 'pending')
              if (confirmed) {
                expect(status.txHash, what).toMatch(/^0x[0-9a-f]{64}$/)
                expect(await reader().getBalance({ address: valid.to }), what).toBe(before + valid.wei)
                const [afterBalance, afterNonce] = await hotWallet()
                expect(afterNonce, what).toBe(nonce + 1n)
                // Exactly the amount and the gas left the hot wallet.
                const receipt = await reader().getTransactionReceipt({ hash: status.txHash as `0x${string}` })
                expect(afterBalance, what).toBe(balance - valid.wei - receipt.gasUsed * receipt.effectiveGasPrice)
                paid++
                return
              }
            }
          }
          if (!isObject(created.body) || created.status !== 200) expect(typeof created.body.error, what).toBe('string')
        }
        expect(await hotWallet()).toEqual([balance, nonce])
      }),
      fuzzParams('gatewayExchanges', 60, { interruptAfterTimeLimit: 60_000 }),
    )
    expect(paid).toBeGreaterThan(0)
    expect((await fetch(`${base}/health`)).status).toBe(200)
  }, 120_000)
})
