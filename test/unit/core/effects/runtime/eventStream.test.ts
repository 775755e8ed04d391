import { from } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { EventStream } from '../../../../../src/core/effects/runtime/eventStream'
import { ofType } from '../../../../../src/core/effects/runtime/ofType'
import { ofTypeWhere } from '../../../../../src/core/effects/runtime/ofTypeWhere'
import type { StampedEvent } from '../../../../../src/core/events/defineEvent'
import { connectionFailed, connectionRequested } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'

const stamped = (type: string, seq: number): StampedEvent => ({ type, payload: {}, seq, at: seq })

describe('the event stream effects read', () => {
  it('hands each event to the subscribers that wait for its type (all, a set, a test on the name), in the order they subscribed', () => {
    const stream = new EventStream()
    const seen: string[] = []
    let asked = 0
    const failures = (type: string): boolean => {
      asked++
      return type.endsWith('/failed')
    }
    stream.pipe(ofTypeWhere(failures)).subscribe((e) => seen.push(`failures ${e.seq}`))
    stream.subscribe((e) => seen.push(`all ${e.seq}`))
    stream.pipe(ofType(connectionRequested, connectionFailed)).subscribe((e) => seen.push(`connection ${e.seq}`))
    stream.pipe(ofTypeWhere((type) => type.startsWith('modal/'))).subscribe((e) => seen.push(`modal ${e.seq}`))
    stream.next(stamped(modalOpenRequested.type, 1))
    stream.next(stamped(connectionRequested.type, 2))
    stream.next(stamped(connectionFailed.type, 3))
    stream.next(stamped(connectionFailed.type, 4))
    expect(seen).toEqual(['all 1', 'modal 1', 'all 2', 'connection 2', 'failures 3', 'all 3', 'connection 3', 'failures 4', 'all 4', 'connection 4'])
    // The test is asked once per type, not once per event.
    expect(asked).toBe(3)
  })

  it('a subscription made or ended while an event is handed out applies from the next event', () => {
    const stream = new EventStream()
    const seen: string[] = []
    const first = stream.pipe(ofTypeWhere((t) => t.endsWith('/failed'))).subscribe((e) => {
      seen.push(`first ${e.seq}`)
      first.unsubscribe()
      stream.pipe(ofTypeWhere((t) => t.endsWith('/failed'))).subscribe((x) => seen.push(`late ${x.seq}`))
    })
    stream.next(stamped(connectionFailed.type, 1))
    stream.next(stamped(connectionFailed.type, 2))
    expect(seen).toEqual(['first 1', 'late 2'])
  })

  it('ofTypeWhere filters any other observable', () => {
    const seen: number[] = []
    from([stamped(connectionFailed.type, 1), stamped(modalOpenRequested.type, 2), stamped('data/failed', 3)])
      .pipe(ofTypeWhere((t) => t.endsWith('/failed')))
      .subscribe((e) => seen.push(e.seq))
    expect(seen).toEqual([1, 3])
  })
})
