import { describe, expect, it } from 'vitest'
import { BASE_FEATURES } from '../../../../src/core/features/baseFeatures'
import { composeFeatures } from '../../../../src/core/features/composeFeatures'
import { BASE_INITIAL, baseInitialState } from '../../../../src/core/reducers/baseInitialState'
import { createSlice } from '../../../../src/core/reducers/createSlice'
import type { SessionSettings } from '../../../../src/core/state'

const SETTINGS: SessionSettings[] = [
  { projectId: '', adapters: [] },
  { projectId: 'p', adapters: ['solana', 'eip155'], themeMode: 'dark', locale: 'ja', features: { swaps: false, email: false } },
  { projectId: 'p', adapters: ['eip155'], defaultNamespace: 'solana' },
]

describe('baseInitialState', () => {
  it('holds exactly the base features’ slices, each slice starting from the same function', () => {
    const slices = BASE_FEATURES.flatMap((f) => f.slices)
    expect(Object.keys(BASE_INITIAL).sort()).toEqual(slices.map((s) => s.name).sort())
    for (const s of slices) expect(s.initial, s.name).toBe(BASE_INITIAL[s.name as keyof typeof BASE_INITIAL])
  })

  it('is the state the engine’s root reducer starts from, for any settings', () => {
    const { reducer } = composeFeatures(BASE_FEATURES, { autoFreeze: false })
    for (const settings of SETTINGS) expect(baseInitialState(settings)).toEqual(reducer.initial(settings))
  })

  it('adds the host’s own slices after the base ones', () => {
    const notes = createSlice('notes', (s: SessionSettings) => ({ project: s.projectId }), () => undefined)
    const { reducer } = composeFeatures([...BASE_FEATURES, { name: 'notes', events: [], slices: [notes], effects: [] }], { autoFreeze: false })
    expect(baseInitialState(SETTINGS[1]!, [notes])).toEqual(reducer.initial(SETTINGS[1]!))
  })
})
