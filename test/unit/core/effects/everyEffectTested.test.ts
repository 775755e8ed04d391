import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUILT_IN_FEATURES } from '../../../../src/core/features/builtInFeatures'
import { logPersistenceFeature } from '../../../../src/core/features/persistence'

// Every effect a modal can run has its own marble test here, named after it: the features'
// effects, those they load as the session starts included (with every optional port present).
const lists = await Promise.all(
  [...BUILT_IN_FEATURES, logPersistenceFeature].map(async (f): Promise<readonly { name: string }[]> => [
    ...f.effects,
    ...((await ('loadEffects' in f ? f.loadEffects?.({ walletConnect: {}, auth: {} } as never) : undefined)) ?? []),
  ]),
)
const named = lists.flat()

// Each feature's effect tests sit in a folder named after it, as the effects do in src/.
const tests = new Set(
  (readdirSync(fileURLToPath(new URL('.', import.meta.url)), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.split('/').pop()),
)

describe('every effect has its own test', () => {
  it('finds the effects of every feature', () => expect(named.length).toBeGreaterThan(30))
  it.each([...new Set(named.map((e) => e.name))])('%s', (name) => {
    expect(tests.has(`${name}.test.ts`)).toBe(true)
  })
})
