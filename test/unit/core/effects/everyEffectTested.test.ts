import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { dataEffects } from '../../../../src/core/effects/dataEffects'
import { walletConnectEffects } from '../../../../src/core/effects/walletConnectEffects'
import { walletEffects } from '../../../../src/core/effects/walletEffects'
import { BUILT_IN_FEATURES } from '../../../../src/core/features/builtInFeatures'

// Every effect a modal can run has its own marble test here, named after it.
const named: { name: string }[] = [...BUILT_IN_FEATURES.flatMap((f): readonly { name: string }[] => f.effects), ...walletEffects, ...dataEffects, ...walletConnectEffects]

describe('every effect has its own test', () => {
  it.each([...new Set(named.map((e) => e.name))])('%s', (name) => {
    expect(existsSync(fileURLToPath(new URL(`./${name}.test.ts`, import.meta.url)))).toBe(true)
  })
})
