import type { LazySliceKey } from '../../../../src/core/selectors'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { freeze, produce, setAutoFreeze } from 'immer'
import { map, filter } from 'rxjs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../../src/createModal'
import { defineEvent, type StampedEvent } from '../../../../src/core/events/defineEvent'
import { modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { object, string } from '../../../../src/core/events/schema'
import { BUILT_IN_FEATURES, BUILT_IN_SLICES } from '../../../../src/core/features/builtInFeatures'
import { composeFeatures } from '../../../../src/core/features/composeFeatures'
import { defineFeature, type Feature } from '../../../../src/core/features/defineFeature'
import { createSlice, type StateOfSlices } from '../../../../src/core/reducers/createSlice'
import { orderSlices } from '../../../../src/core/reducers/createRootReducer'
import { initialState, rootReducer } from '../../../../src/core/reducers/rootReducer'
import type { ModalState } from '../../../../src/core/state'
import { eventArb } from '../../../property/core/arbitraries'
import { fcParams } from '../../../property/fcSettings'

type SlicesOf<F> = F extends { readonly slices: readonly (infer S)[] } ? S : never
type BuiltInSlice = SlicesOf<(typeof BUILT_IN_FEATURES)[number]>

const stamp = (events: { type: string; payload: unknown; requestId?: string }[]): StampedEvent[] =>
  events.map((e, i) => ({ ...e, seq: i + 1, at: 1_000 + i * 1_500 }))

describe('features', () => {
  it('make up the state: ModalState is exactly the state of the built-in slices', () => {
    expectTypeOf<StateOfSlices<BuiltInSlice>>().toEqualTypeOf<Required<ModalState>>()
    // The slices of the features that join when first needed are the state's only optional keys.
    type OptionalKeys = { [K in keyof ModalState]-?: {} extends Pick<ModalState, K> ? K : never }[keyof ModalState]
    expectTypeOf<OptionalKeys>().toEqualTypeOf<LazySliceKey>()
    expect(Object.keys(initialState()).sort()).toEqual(BUILT_IN_SLICES.map((s) => s.name).sort())
  })

  it('route an event only to the slices with a case for it; no other slice changes', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (inputs) => {
        let state = initialState({ projectId: 'p', adapters: ['eip155'] })
        for (const event of stamp(inputs)) {
          const next = rootReducer(state, event)
          const routed = new Set(rootReducer.routeOf(event.type))
          for (const key of Object.keys(next) as (keyof ModalState)[]) {
            if (!routed.has(key)) expect(next[key], `${event.type} changed ${key}`).toBe(state[key])
          }
          state = next
        }
      }),
      fcParams({ numRuns: 60 }),
    )
  })

  it('every event the core defines belongs to a built-in feature, so none is refused at dispatch', async () => {
    const dir = fileURLToPath(new URL('../../../../src/core/events/', import.meta.url))
    const types = new Set<string>()
    for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(`../../../../src/core/events/${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>
      for (const value of Object.values(mod)) {
        const creator = value as { type?: unknown; match?: unknown; schema?: unknown }
        if (typeof value === 'function' && typeof creator.type === 'string' && typeof creator.match === 'function' && creator.schema) types.add(creator.type)
      }
    }
    expect(types.size).toBeGreaterThan(40)
    const catalogue = composeFeatures<any>(BUILT_IN_FEATURES).catalogue
    expect([...types].filter((t) => !catalogue.has(t))).toEqual([])
  })

  it('an event no slice handles costs nothing: the same state object comes back', () => {
    const state = initialState()
    const event = { type: 'connection/walletEventIgnored', payload: { namespace: 'eip155', connectorId: 'a', event: 'chainChanged', reason: 'junk' }, seq: 1, at: 1 }
    expect(rootReducer.routeOf(event.type)).toEqual([])
    expect(rootReducer(state, event)).toBe(state)
  })

  it('a host module adds its event, its slice and its effect to one modal, and only to it', async () => {
    const noted = defineEvent('notes/added', object({ text: string() }))
    const echoed = defineEvent('notes/echoed', object({ text: string() }))
    const notes = createSlice('notes', () => ({ list: [] as string[] }), (b) =>
      b.addCase(noted, (n, event) => {
        n.list.push(event.payload.text)
      }),
    )
    const notesModule: Feature = defineFeature({
      name: 'notes',
      events: [noted, echoed],
      slices: [notes],
      effects: [{ name: 'echo', effect: (event$) => event$.pipe(filter(noted.match), map((e) => echoed({ text: e.payload.text }))) }],
    })
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false, modules: [notesModule] })
    await modal.ready
    const echoes: string[] = []
    modal.event$.pipe(filter(echoed.match)).subscribe((e) => echoes.push(e.payload.text))
    modal.dispatch(noted({ text: 'hello' }))
    expect((modal.getState() as ModalState & { notes: { list: string[] } }).notes.list).toEqual(['hello'])
    expect(echoes).toEqual(['hello'])

    const plain = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await plain.ready
    expect(() => plain.dispatch(noted({ text: 'x' }))).toThrow(/Unknown event type: notes\/added/)
    expect('notes' in plain.getState()).toBe(false)
    modal.destroy()
    plain.destroy()
  })

  it('order slices after the slices they read, and refuse duplicates and cycles', () => {
    const a = createSlice('a', () => 0, () => undefined, { after: ['b'] })
    const b = createSlice('b', () => 0, () => undefined)
    expect(orderSlices([a, b]).map((s) => s.name)).toEqual(['b', 'a'])
    expect(() => orderSlices([b, b])).toThrow(/two slices are named b/)
    const c = createSlice('c', () => 0, () => undefined, { after: ['d'] })
    const d = createSlice('d', () => 0, () => undefined, { after: ['c'] })
    expect(() => orderSlices([c, d])).toThrow(/cycle/)
    expect(() => composeFeatures([BUILT_IN_FEATURES[0], BUILT_IN_FEATURES[0]])).toThrow(/listed twice/)
  })

  it('a slice reading another slice sees that slice after the event (the modal opens for the namespace just made active)', () => {
    const state = rootReducer(initialState({ projectId: 'p', adapters: ['eip155', 'solana'] }), {
      ...modalOpenRequested({ namespace: 'solana' }),
      seq: 1,
      at: 1,
    })
    expect(state.connection.activeNamespace).toBe('solana')
    expect(state.modal.namespace).toBe('solana')
  })

  it("use Gangway's own immer: freezing follows the modal's setting, and the host's immer settings stay as they were", () => {
    setAutoFreeze(false)
    try {
      const frozen = composeFeatures<any>(BUILT_IN_FEATURES, { autoFreeze: true }).reducer
      const s = frozen(frozen.initial({ projectId: 'p', adapters: [] }), { ...modalOpenRequested({}), seq: 1, at: 1 })
      expect(Object.isFrozen(s.modal)).toBe(true)
      expect(Object.isFrozen(s.router.history)).toBe(true)
      // The host's global immer still does not freeze.
      expect(Object.isFrozen(produce({ a: { b: 1 } }, (d) => void (d.a.b = 2)).a)).toBe(false)
      const loose = composeFeatures<any>(BUILT_IN_FEATURES, { autoFreeze: false }).reducer
      const t = loose(loose.initial({ projectId: 'p', adapters: [] }), { ...modalOpenRequested({}), seq: 1, at: 1 })
      expect(Object.isFrozen(t.modal)).toBe(false)
    } finally {
      setAutoFreeze(true)
    }
    expect(Object.isFrozen(freeze({ x: 1 }))).toBe(true)
  })
})
