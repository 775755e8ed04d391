import { describe, expect, it } from 'vitest'
import { StateStream } from '../../../../../src/core/effects/runtime/stateStream'
import { watchState } from '../../../../../src/core/effects/runtime/watchState'
import { initialState } from '../../../../../src/core/reducers/rootReducer'
import type { ModalState } from '../../../../../src/core/state'

const withView = (state: ModalState, view: ModalState['router']['view']): ModalState => ({ ...state, router: { ...state.router, view } })

describe('the state stream effects watch', () => {
  it('delivers as a BehaviorSubject: the current state at once, then each state, to subscribers and watchers in the order they came', () => {
    const first = initialState()
    const stream = new StateStream(first)
    const seen: string[] = []
    stream.subscribe((s) => seen.push(`a ${s.router.view}`))
    watchState(stream, (s) => s.router.view).subscribe((view) => seen.push(`b ${view}`))
    stream.subscribe((s) => seen.push(`c ${s.router.view}`))
    stream.next(withView(first, 'Account'))
    expect(seen).toEqual(['a Connect', 'b Connect', 'c Connect', 'a Account', 'b Account', 'c Account'])
    expect(stream.value.router.view).toBe('Account')
  })

  it('a watcher emits only what changed, by its own comparison; a selector that throws errors it', () => {
    const first = initialState()
    const stream = new StateStream(first)
    const views: string[] = []
    watchState(stream, (s) => s.router.view).subscribe((view) => views.push(view))
    stream.next({ ...first })
    stream.next(withView(first, 'Networks'))
    stream.next(withView(first, 'Networks'))
    expect(views).toEqual(['Connect', 'Networks'])

    const failures: unknown[] = []
    watchState(stream, (s) => {
      if (s.router.view === 'Account') throw new Error('no')
      return s.router.view
    }).subscribe({ error: (e) => failures.push(e) })
    stream.next(withView(first, 'Account'))
    expect(failures).toHaveLength(1)
  })

  it('a subscription ended while a state is delivered hears no more; one made then starts with that state', () => {
    const first = initialState()
    const stream = new StateStream(first)
    const seen: string[] = []
    const late: string[] = []
    const b = watchState(stream, (s) => s.router.view).subscribe((view) => seen.push(`b ${view}`))
    stream.subscribe((s) => {
      if (s.router.view !== 'Account') return
      b.unsubscribe()
      watchState(stream, (x) => x.router.view).subscribe((view) => late.push(view))
    })
    stream.next(withView(first, 'Account'))
    stream.next(withView(first, 'Networks'))
    expect(seen).toEqual(['b Connect', 'b Account'])
    expect(late).toEqual(['Account', 'Networks'])
  })
})
