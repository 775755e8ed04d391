// The relay's refusals reach the modal in the spec's words (spec §8, provider errors mapped):
// the WalletConnect adapter's connect, through the real universal provider and the local relay
// refusing its socket as the hosted relay does, rejects with the alert the spec names.
import { afterEach, describe, expect, it } from 'vitest'
import { startRelay, type Relay, type RelayOptions } from '../../../dev/relay/startRelay'
import { MemoryStorage } from '../../../dev/wallet/memoryStorage'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { createWalletConnectAdapter } from '../../../src/adapters/walletconnect/createWalletConnectAdapter'
import { relayRefusal } from '../../../src/adapters/walletconnect/walletConnectErrors'
import { loadUniversalProvider } from '../../../src/adapters/walletconnect/walletConnectProvider'

let relay: Relay | undefined
const cleanups: (() => Promise<unknown>)[] = []
let n = 0

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f().catch(() => undefined)))
  await relay?.stop()
  relay = undefined
})

/** The outcome of a connect through a relay started with `options`, for a project `projectId`. */
async function connectThrough(options: RelayOptions, projectId = 'gangway-test') {
  relay = await startRelay(options)
  const adapter = createWalletConnectAdapter({
    projectId,
    relayUrl: relay.url,
    metadata: { name: 'Gangway Test', description: 'relay refusals', url: 'http://127.0.0.1', icons: [] },
    networks: [defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:9' })],
    storage: new MemoryStorage(),
    storagePrefix: `wc-refusal-${++n}`,
    loadProvider: async (init) => {
      const p = await loadUniversalProvider(init)
      cleanups.push(async () => (p as unknown as { client: { core: { relayer: { transportClose(): Promise<void> } } } }).client.core.relayer.transportClose())
      return p
    },
  })
  return adapter.connect('walletConnect').then(
    () => null,
    (error: unknown) => error as { shortMessage?: string; kind?: string; details?: string },
  )
}

describe('a socket the relay refuses', () => {
  it('an unknown project id: Invalid Project ID', async () => {
    const error = await connectThrough({ projects: { 'another-project': {} } })
    expect(error).toMatchObject({ kind: 'WALLETCONNECT_RELAY_REFUSED', shortMessage: 'Invalid Project ID' })
    expect(error?.details).toContain('Unauthorized: invalid key')
  }, 20_000)

  it('a page origin the project does not allow: Invalid App Configuration', async () => {
    // The provider runs in Node here: its socket has no page origin, which no allow-list admits.
    const error = await connectThrough({ projects: { 'gangway-test': { origins: ['https://app.example'] } } })
    expect(error).toMatchObject({ kind: 'WALLETCONNECT_RELAY_REFUSED', shortMessage: 'Invalid App Configuration' })
  }, 20_000)

  it("an auth token issued ahead of the relay's clock: Session Expired", async () => {
    const error = await connectThrough({ now: () => Date.now() - 10 * 60_000 })
    expect(error).toMatchObject({ kind: 'WALLETCONNECT_RELAY_REFUSED', shortMessage: 'Session Expired' })
  }, 20_000)
})

describe('relayRefusal', () => {
  it("reads the relay's reason wherever the provider put it; anything else is no refusal", () => {
    const closed = (reason: string) => new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)
    expect(relayRefusal(closed('Unauthorized: invalid key'))?.shortMessage).toBe('Invalid Project ID')
    expect(relayRefusal({ message: 'x', cause: closed('Unauthorized: origin not allowed') })?.shortMessage).toBe('Invalid App Configuration')
    expect(relayRefusal('JWT validation error: JWT Token is not yet valid')?.shortMessage).toBe('Session Expired')
    expect(relayRefusal(closed('Too many connections'))).toBeNull()
    expect(relayRefusal(undefined)).toBeNull()
  })
})
