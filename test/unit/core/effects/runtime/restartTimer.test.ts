import { EMPTY, map, type Observable, switchMap, timer, type SchedulerLike } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { restartTimer } from '../../../../../src/core/effects/runtime/restartTimer'

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** What restartTimer stands for, in operators. */
const reference =
  <T, R>(s: SchedulerLike, delay: number, start: (value: T) => R | null) =>
  (source: Observable<T>): Observable<R> =>
    source.pipe(switchMap((v) => (start(v) === null ? EMPTY : timer(delay, s).pipe(map(() => start(v) as R)))))

// Values a..e start a timer that emits the value in upper case; n cancels without starting one.
const start = (v: string) => (v === 'n' ? null : v.toUpperCase())

describe('restartTimer', () => {
  const sources = [
    'a',
    'a 9ms b',
    'a 3ms b 20ms c',
    'a 3ms n 20ms b',
    'a 9ms |',
    'a 3ms b |',
    'a 12ms |',
    'n |',
    'a 3ms #',
    'a 12ms b 3ms #',
    '|',
    'a b c 9ms d 9ms e',
  ]

  for (const marble of sources) {
    it(`emits as switchMap to a timer would: ${marble}`, () => {
      const values = { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e', n: 'n' }
      const expected: unknown[] = []
      const ts1 = scheduler()
      ts1.run(({ cold }) => {
        reference(ts1, 10, start)(cold(marble, values)).subscribe({
          next: (v) => expected.push([ts1.now(), 'next', v]),
          error: (e) => expected.push([ts1.now(), 'error', e]),
          complete: () => expected.push([ts1.now(), 'complete']),
        })
      })
      const actual: unknown[] = []
      const ts2 = scheduler()
      ts2.run(({ cold }) => {
        restartTimer(ts2, 10, start)(cold(marble, values)).subscribe({
          next: (v) => actual.push([ts2.now(), 'next', v]),
          error: (e) => actual.push([ts2.now(), 'error', e]),
          complete: () => actual.push([ts2.now(), 'complete']),
        })
      })
      expect(actual).toEqual(expected)
    })
  }

  it('cancels its timer when unsubscribed, and errors when start throws', () => {
    const ts = scheduler()
    ts.run(({ cold, expectObservable }) => {
      expectObservable(cold('a').pipe(restartTimer(ts, 10, start)), '^ 5ms !').toBe('')
      const boom = (): string => {
        throw new Error('boom')
      }
      expectObservable(cold('a').pipe(restartTimer(ts, 10, boom))).toBe('#', undefined, new Error('boom'))
    })
  })
})
