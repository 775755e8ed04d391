// The gateway's dev exchanges (Pay from an exchange): the listing for an asset and network, the
// payment sessions and their checks, each session's page, and confirm / cancel there, which sends
// real ETH on the local chain from the exchange's hot wallet (or refuses), as the status says.
import { getAddress, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_EXCHANGES, exchangeIcon } from '../../../dev/gateway/exchanges'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import { call, P, stackPerFile, walletOn } from './harness'

const stack = stackPerFile({ count: 1 })
const base = () => stack.gateway.url
const reader = () => walletOn(stack.dev.chains[0]!, stack.dev.exchange.privateKey).reader
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const NETWORK = 'eip155:31337'
const gusd = () => stack.dev.tokens.find((t) => t.chainId === 31337 && t.symbol === 'GUSD')!

const create = (body: unknown, exchange = 'devexchange') => call(base(), 'POST', `/v1/exchanges/${exchange}/payments?${P}`, body)
const status = (sessionId: string) => call(base(), 'GET', `/v1/exchanges/payments/${sessionId}?${P}`)
const errorOf = async (answer: Promise<{ status: number; body: unknown }>) => {
  const { status: code, body } = await answer
  return [code, (body as { error?: unknown }).error]
}
const path = (url: string) => new URL(url).pathname

describe('the exchange listing', () => {
  it('lists both dev exchanges, with inline icons, for the native coin and the known tokens of a served network', async () => {
    const listed = [
      { id: 'devexchange', name: 'Dev Exchange', imageUrl: exchangeIcon(DEV_EXCHANGES[0]!) },
      { id: 'devexchangepro', name: 'Dev Exchange Pro', imageUrl: exchangeIcon(DEV_EXCHANGES[1]!) },
    ]
    for (const asset of ['native', `${NETWORK}/slip44:60`, `${NETWORK}/erc20:${gusd().address}`, `${NETWORK}/erc20:${gusd().address.toLowerCase()}`]) {
      const answer = await call(base(), 'GET', `/v1/exchanges?${P}&network=${NETWORK}&asset=${encodeURIComponent(asset)}`)
      expect([answer.status, answer.body], asset).toEqual([200, { exchanges: listed }])
    }
    expect(listed[0]!.imageUrl).toMatch(/^data:image\/svg\+xml,/)
    const unknownToken = await call(base(), 'GET', `/v1/exchanges?${P}&network=${NETWORK}&asset=${encodeURIComponent(`${NETWORK}/erc20:${freshAddress()}`)}`)
    expect(unknownToken.body).toEqual({ exchanges: [] })
    // The modal's client reads the same list.
    const client = createBlockchainApiClient({ baseUrl: base(), projectId: 'test-project', sdkType: 'gangway', sdkVersion: '0.1.0', retries: 0 })
    expect(await client.getPayExchanges!({ network: NETWORK, asset: 'native' })).toEqual(listed)
  })

  it('refuses a missing or unknown network, and an asset that is malformed or on another network, with the reason', async () => {
    const list = (query: string) => errorOf(call(base(), 'GET', `/v1/exchanges?${P}&${query}`))
    expect(await list('asset=native')).toEqual([400, "'network' is required (a CAIP-2 id such as eip155:31337)"])
    expect(await list('network=eip155:1&asset=native')).toEqual([400, "Unknown network 'eip155:1': use eip155:31337"])
    expect(await list(`network=${NETWORK}`)).toEqual([400, "'asset' is required: 'native' or a CAIP-19 asset id"])
    expect(await list(`network=${NETWORK}&asset=ETH`)).toEqual([400, "Invalid asset 'ETH': use 'native' or a CAIP-19 asset id such as eip155:31337/slip44:60"])
    expect(await list(`network=${NETWORK}&asset=eip155:1/slip44:60`)).toEqual([400, "The asset 'eip155:1/slip44:60' is not on eip155:31337"])
    expect(await list(`network=${NETWORK}&asset=eip155:31337/slip44:501`)).toEqual([400, "Invalid asset 'eip155:31337/slip44:501': the native coin of eip155:31337 is slip44:60"])
    expect(await list(`network=${NETWORK}&asset=eip155:31337/erc20:0x12`)).toEqual([400, "Invalid asset 'eip155:31337/erc20:0x12': an ERC-20 is named by its 0x-prefixed 20-byte address"])
    expect((await call(base(), 'GET', `/v1/exchanges?network=${NETWORK}&asset=native`)).status).toBe(400)
  })
})

describe('a payment session', () => {
  it('pays 0.01 ETH once the visitor confirms on the page: the recipient holds exactly that, from the hot wallet; the status says confirmed with the transaction', async () => {
    const recipient = freshAddress()
    const created = await create({ recipient, amount: '0.01', asset: 'native', network: NETWORK })
    expect(created.status).toBe(200)
    const { sessionId, url } = created.body as { sessionId: string; url: string }
    expect(url).toBe(`${base()}/exchange/devexchange/pay/${sessionId}`)
    expect((await status(sessionId)).body).toEqual({ sessionId, exchange: 'devexchange', status: 'pending' })

    const page = await call(base(), 'GET', path(url))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    for (const text of ['<h1>Dev Exchange</h1>', '0.01 ETH', recipient, 'Gangway Local (eip155:31337)', '>Confirm withdrawal</button>', '>Cancel</button>']) expect(page.text).toContain(text)
    expect(await reader().getBalance({ address: recipient })).toBe(0n)

    const confirmed = await call(base(), 'POST', `${path(url)}/confirm`, {})
    expect(confirmed.status).toBe(200)
    const answer = confirmed.body as { status: string; txHash: Hex; blockNumber: string }
    expect(answer).toMatchObject({ sessionId, status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), blockNumber: expect.stringMatching(/^\d+$/) })
    expect(await reader().getBalance({ address: recipient })).toBe(parseEther('0.01'))
    const receipt = await reader().getTransactionReceipt({ hash: answer.txHash })
    expect([receipt.status, getAddress(receipt.from), receipt.blockNumber.toString()]).toEqual(['success', stack.dev.exchange.address, answer.blockNumber])
    expect((await status(sessionId)).body).toEqual(answer)
    // Once: a second confirm moves nothing.
    expect(await errorOf(call(base(), 'POST', `${path(url)}/confirm`, {}))).toEqual([409, 'This payment is confirmed already'])
    expect(await reader().getBalance({ address: recipient })).toBe(parseEther('0.01'))
    // The page shows the outcome.
    expect((await call(base(), 'GET', path(url))).text).toContain(`Withdrawal sent. Transaction: ${answer.txHash}`)
  })

  it('a cancel on the page moves nothing and the status says cancelled; a token the hot wallet does not hold fails with why', async () => {
    const recipient = freshAddress()
    const nonce = await reader().getTransactionCount({ address: stack.dev.exchange.address })
    const { sessionId, url } = (await create({ recipient, amount: '1', asset: 'native', network: NETWORK }, 'devexchangepro')).body as { sessionId: string; url: string }
    expect((await call(base(), 'POST', `${path(url)}/cancel`, {})).body).toEqual({ sessionId, exchange: 'devexchangepro', status: 'cancelled' })
    expect(await errorOf(call(base(), 'POST', `${path(url)}/confirm`, {}))).toEqual([409, 'This payment is cancelled already'])
    expect((await status(sessionId)).body).toMatchObject({ status: 'cancelled' })
    expect(await reader().getBalance({ address: recipient })).toBe(0n)

    const token = (await create({ recipient, amount: '2.5', asset: `${NETWORK}/erc20:${gusd().address}`, network: NETWORK })).body as { sessionId: string; url: string }
    const failed = await call(base(), 'POST', `${path(token.url)}/confirm`, {})
    expect(failed.body).toEqual({ sessionId: token.sessionId, exchange: 'devexchange', status: 'failed', error: "The withdrawal on eip155:31337 failed: the exchange's GUSD reserve is too low for this payment" })
    expect(await reader().getTransactionCount({ address: stack.dev.exchange.address })).toBe(nonce)
  })

  it('checks every input before a session exists: 400 with the reason; an unknown exchange or session is a 404', async () => {
    const recipient = freshAddress()
    const ok = { recipient, amount: '0.01', asset: 'native', network: NETWORK }
    const refused = async (body: unknown) => errorOf(create(body))
    expect(await refused({ ...ok, recipient: '0x1' })).toEqual([400, "Invalid recipient '0x1' for eip155:31337: expected a 0x-prefixed 20-byte hex address"])
    // A checksum broken by flipping the case of one letter.
    const broken = recipient.replace(/[a-fA-F]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
    expect(await refused({ ...ok, recipient: broken })).toEqual([400, expect.stringMatching(/^Invalid recipient/)])
    expect(await refused({ ...ok, amount: '0' })).toEqual([400, "Invalid amount '0': it must be more than 0"])
    expect(await refused({ ...ok, amount: '-1' })).toEqual([400, "Invalid amount '-1': a decimal text such as '0.01'"])
    expect(await refused({ ...ok, amount: 0.01 })).toEqual([400, "Invalid amount 0.01: a decimal text such as '0.01'"])
    expect(await refused({ ...ok, amount: '0.0000000000000000001' })).toEqual([400, "Invalid amount '0.0000000000000000001': ETH has at most 18 decimals"])
    expect(await refused({ ...ok, asset: 'ETH' })).toEqual([400, expect.stringMatching(/^Invalid asset 'ETH'/)])
    expect(await refused({ ...ok, asset: `${NETWORK}/erc20:${freshAddress()}` })).toEqual([400, expect.stringMatching(/^Dev Exchange does not pay/)])
    expect(await refused({ ...ok, network: 'eip155:1' })).toEqual([400, "Unknown network 'eip155:1': use eip155:31337"])
    expect(await refused({ ...ok, memo: 'x' })).toEqual([400, "'memo' is not a field of a payment: { recipient, amount, asset, network }"])
    expect(await refused([ok])).toEqual([400, 'Body must be a JSON object'])
    expect(await errorOf(create(ok, 'moonpay'))).toEqual([404, "Unknown exchange 'moonpay': use devexchange or devexchangepro"])
    expect(await errorOf(status('nope'))).toEqual([404, "Unknown payment session 'nope'"])
    expect((await call(base(), 'GET', '/exchange/devexchange/pay/nope')).status).toBe(404)
    // A session is reached only through its own exchange's page.
    const { url } = (await create(ok)).body as { url: string }
    expect((await call(base(), 'GET', path(url).replace('/devexchange/', '/devexchangepro/'))).status).toBe(404)
    expect(await reader().getBalance({ address: recipient })).toBe(0n)
  })
})

