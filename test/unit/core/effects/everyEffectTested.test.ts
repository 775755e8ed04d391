import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUILT_IN_FEATURES } from '../../../../src/core/features/builtInFeatures'
import { logPersistenceFeature } from '../../../../src/core/features/persistence'
import { embeddedWallet, siwx } from '../../../../src/features'
import { WALLET_CONNECT_FEATURE } from '../../../../src/walletConnectFeature'

// Every effect a modal can run has its own marble test here, named after it: the features'
// effects, those they load as the session starts included (with every optional port present
// and every feature's chunks brought, as a host's imports bring them).
const deps = {
  walletConnect: {},
  auth: {},
  featureChunks: { walletConnect: WALLET_CONNECT_FEATURE, embeddedWallet: embeddedWallet({ frameUrl: 'https://auth.example/frame/' }), siwx: siwx() },
}
const loaded = await Promise.all(
  [...BUILT_IN_FEATURES, logPersistenceFeature].map(async (f) => ({
    feature: f.name,
    loads: 'loadEffects' in f && !!f.loadEffects,
    effects: [...f.effects, ...((await ('loadEffects' in f ? f.loadEffects?.(deps as never) : undefined)) ?? [])] as readonly { name: string }[],
  })),
)
const named = loaded.flatMap((l) => l.effects)

// Each feature's effect tests sit in a folder named after it, as the effects do in src/.
const tests = new Set(
  (readdirSync(fileURLToPath(new URL('.', import.meta.url)), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.split('/').pop()),
)

describe('every effect has its own test', () => {
  it('finds the effects of every feature, those it loads included', () => {
    expect(named.length).toBeGreaterThan(30)
    for (const l of loaded) if (l.loads) expect(l.effects.length, l.feature).toBeGreaterThan(0)
  })
  it.each([...new Set(named.map((e) => e.name))])('%s', (name) => {
    expect(tests.has(`${name}.test.ts`)).toBe(true)
  })
})
