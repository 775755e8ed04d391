// The local stack starts the Solana validator beside the chains and tells pages where it is in
// /stack.json, and stops it with the rest.
import { describe, expect, it } from 'vitest'
import { acceptsConnections as portOpen } from '../../../dev/stack/ports'
import { startStack } from '../../../dev/stack/startStack'

describe('the local stack with Solana', () => {
  it('serves the validator in /stack.json and stops it', async () => {
    const stack = await startStack({ requirePages: false })
    let rpcPort = 0
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
    } finally {
      await stack.stop()
    }
    expect(await portOpen(rpcPort)).toBe(false)
    expect(await portOpen(rpcPort + 1)).toBe(false)
  }, 60_000)
})
