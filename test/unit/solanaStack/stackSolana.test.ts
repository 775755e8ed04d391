// The local stack starts the Solana validator (and the Bitcoin node) beside the chains, tells
// pages where they are in /stack.json, and stops them with the rest.
import { describe, expect, it } from 'vitest'
import { acceptsConnections as portOpen } from '../../../dev/stack/ports'
import { startStack } from '../../../dev/stack/startStack'
import { REGTEST_CAIP2, devBitcoinAccount } from '../../../dev/bitcoin/devAccounts'

describe('the local stack with Solana', () => {
  it('serves the validator in /stack.json and stops it', async () => {
    const stack = await startStack({ requirePages: false })
    let rpcPort = 0
    let esploraPort = 0
    try {
      const config = (await (await fetch(`${stack.urls.web}/stack.json`)).json()) as Record<string, unknown>
      expect(config).toMatchObject({
        solanaRpcUrl: stack.solana.rpcUrl,
        solanaWsUrl: stack.solana.wsUrl,
        solanaChain: 'solana:localnet',
        solanaCaipNetworkId: stack.solana.caipNetworkId,
        solanaMint: { address: stack.solana.mint.address, symbol: 'GWAY', decimals: 6 },
      })
      expect((config.solanaAccounts as { address: string }[]).map((a) => a.address)).toEqual(stack.solana.accounts.map((a) => a.address))
      rpcPort = Number(new URL(stack.solana.rpcUrl).port)
      const response = await fetch(stack.solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [stack.solana.accounts[0]!.address] }),
      })
      expect(((await response.json()) as { result: { value: number } }).result.value).toBe(1_000_000_000_000)
      // The Bitcoin node: in /stack.json, and its balances through the gateway.
      const { payment, ordinals } = devBitcoinAccount(0)
      if (!stack.bitcoin) throw new Error('the stack started no Bitcoin node')
      expect(config.bitcoin).toEqual({
        caipNetworkId: REGTEST_CAIP2,
        genesisHash: expect.stringMatching(new RegExp(`^${REGTEST_CAIP2.slice('bip122:'.length)}[0-9a-f]{32}$`)),
        esploraUrl: stack.bitcoin.esploraUrl,
        accounts: stack.bitcoin.accounts,
      })
      expect(stack.bitcoin.accounts[0]).toEqual({ payment: payment.address, ordinals: ordinals.address })
      esploraPort = Number(new URL(stack.bitcoin.esploraUrl).port)
      const btc = await fetch(`${stack.config.gatewayUrl}/v1/account/${payment.address}/balance?chainId=${REGTEST_CAIP2}&projectId=test`)
      expect(((await btc.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }).balances).toMatchObject([{ symbol: 'BTC', quantity: { numeric: '10' } }])
    } finally {
      await stack.stop()
    }
    expect(await portOpen(rpcPort)).toBe(false)
    expect(await portOpen(rpcPort + 1)).toBe(false)
    expect(await portOpen(esploraPort)).toBe(false)
  }, 60_000)
})
