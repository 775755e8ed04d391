import { describe, expect, it } from 'vitest'
import { BASE_FEATURES } from '../../../../src/core/features/baseFeatures'
import { composeFeatures } from '../../../../src/core/features/composeFeatures'
import { BASE_INITIAL, baseInitialState } from '../../../../src/core/reducers/baseInitialState'
import { createSlice, type Slice } from '../../../../src/core/reducers/createSlice'
import type { SessionSettings } from '../../../../src/core/state'

const SETTINGS: SessionSettings[] = [
  { projectId: '', adapters: [] },
  { projectId: 'p', adapters: ['solana', 'eip155'], themeMode: 'dark', locale: 'ja', features: { swaps: false, email: false } },
  { projectId: 'p', adapters: ['eip155'], defaultNamespace: 'solana' },
]

describe('baseInitialState', () => {
  it('holds exactly the base features’ slices, each slice starting from the same function', () => {
    const slices: readonly Slice<string, any>[] = BASE_FEATURES.flatMap((f): readonly Slice<string, any>[] => f.slices)
    expect(Object.keys(BASE_INITIAL).sort()).toEqual(slices.map((s) => s.name).sort())
    for (const s of slices) expect(s.initial, s.name).toBe(BASE_INITIAL[s.name as keyof typeof BASE_INITIAL])
  })

  it('is the state the engine’s root reducer starts from, for any settings', () => {
    const { reducer } = composeFeatures<any>(BASE_FEATURES, { autoFreeze: false })
    for (const settings of SETTINGS) expect(baseInitialState(settings)).toEqual(reducer.initial(settings))
  })

  it('adds the host’s own slices after the base ones', () => {
    const notes = createSlice('notes', (s: SessionSettings) => ({ project: s.projectId }), () => undefined)
    const { reducer } = composeFeatures<any>([...BASE_FEATURES, { name: 'notes', events: [], slices: [notes], effects: [] }], { autoFreeze: false })
    expect(baseInitialState(SETTINGS[1]!, [notes])).toEqual(reducer.initial(SETTINGS[1]!))
  })
})

describe('BASE_FEATURE_NAMES', () => {
  it('names the base features in their order', async () => {
    const { BASE_FEATURE_NAMES } = await import('../../../../src/core/features/baseFeatureNames')
    expect(BASE_FEATURE_NAMES).toEqual(BASE_FEATURES.map((f) => f.name))
  })
})
