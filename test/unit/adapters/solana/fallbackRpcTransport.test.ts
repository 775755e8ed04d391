import type { RpcTransport } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { fallbackRpcTransport } from '../../../../src/adapters/solana/fallbackRpcTransport'

/** An endpoint that answers (or fails) as `behave` says, after `ms` on the test's clock; its calls are logged. */
function endpoint(name: string, log: string[], clock: { t: number }, behave: () => { ms: number; fail?: boolean }): RpcTransport {
  return (async () => {
    log.push(name)
    const { ms, fail } = behave()
    clock.t += ms
    if (fail) throw new Error(`${name} refused`)
    return { jsonrpc: '2.0', id: 0, result: name }
  }) as RpcTransport
}
const payload = { jsonrpc: '2.0', id: 0, method: 'getSlot', params: [] }

describe('fallbackRpcTransport', () => {
  it('goes down the list past endpoints that fail, and throws the last failure when all do', async () => {
    const log: string[] = []
    const clock = { t: 0 }
    let bUp = true
    const transport = fallbackRpcTransport(
      [endpoint('a', log, clock, () => ({ ms: 1, fail: true })), endpoint('b', log, clock, () => ({ ms: 5, fail: !bUp })), endpoint('c', log, clock, () => ({ ms: 1, fail: true }))],
      { now: () => clock.t },
    )
    expect(await transport({ payload })).toMatchObject({ result: 'b' })
    expect(log).toEqual(['a', 'b'])
    bUp = false
    await expect(transport({ payload })).rejects.toThrow(/refused/)
  })

  it('ranks an endpoint that failed below the rest, so later calls do not pay for it', async () => {
    const log: string[] = []
    const clock = { t: 0 }
    let aUp = false
    const transport = fallbackRpcTransport([endpoint('a', log, clock, () => ({ ms: 1, fail: !aUp })), endpoint('b', log, clock, () => ({ ms: 5 }))], { now: () => clock.t })
    await transport({ payload })
    log.length = 0
    for (let i = 0; i < 3; i++) await transport({ payload })
    expect(log).toEqual(['b', 'b', 'b'])
    // Back up, it is not asked while the other answers well: its one failure holds it at 0.
    aUp = true
    await transport({ payload })
    expect(log.at(-1)).toBe('b')
  })

  it('ranks by the spec’s weights: a slow endpoint that always answers above a fast one that often fails', async () => {
    const log: string[] = []
    const clock = { t: 0 }
    let calls = 0
    // `fast` fails every other call (stability 0.5, latency score ~1): 0.35 + 0.3 = 0.65 at best;
    // `slow` always answers, at the slowest latency: 0.7.
    const transport = fallbackRpcTransport(
      [endpoint('fast', log, clock, () => ({ ms: 1, fail: calls++ % 2 === 1 })), endpoint('slow', log, clock, () => ({ ms: 50 }))],
      { now: () => clock.t },
    )
    for (let i = 0; i < 4; i++) await transport({ payload })
    // Untried, both count as reliable: `fast` keeps its place until its failure, then `slow` leads.
    expect(log).toEqual(['fast', 'fast', 'slow', 'slow', 'slow'])
  })

  it('puts a faster endpoint first once both are known to answer', async () => {
    const log: string[] = []
    const clock = { t: 0 }
    let round = 0
    // The first call of each goes wrong once, so both get tried; then speed decides.
    const transport = fallbackRpcTransport(
      [endpoint('slow', log, clock, () => ({ ms: 40, fail: round === 0 })), endpoint('quick', log, clock, () => ({ ms: 2, fail: round === 1 }))],
      { now: () => clock.t, sampleCount: 2 },
    )
    await transport({ payload }) // slow fails, quick answers
    round = 1
    await transport({ payload }) // quick (ranked first) fails, slow answers
    round = 2
    await transport({ payload })
    await transport({ payload })
    // Two samples each: slow [fail, 40 ms], quick [2 ms, fail] → equal stability, quick is faster.
    expect(log).toEqual(['slow', 'quick', 'quick', 'slow', 'quick', 'quick'])
  })

  it('does not hold a call the caller aborted against the endpoint, nor ask the next one', async () => {
    const log: string[] = []
    const controller = new AbortController()
    let aborted = false
    const first: RpcTransport = (async () => {
      log.push('a')
      if (aborted) return { jsonrpc: '2.0', id: 0, result: 'a' }
      aborted = true
      controller.abort()
      throw new Error('aborted')
    }) as RpcTransport
    const transport = fallbackRpcTransport([first, endpoint('b', log, { t: 0 }, () => ({ ms: 1 }))])
    await expect(transport({ payload, signal: controller.signal })).rejects.toThrow('aborted')
    expect(log).toEqual(['a'])
    // `a` is still first: the abort was not its failure.
    expect(await transport({ payload })).toMatchObject({ result: 'a' })
    expect(log).toEqual(['a', 'a'])
  })
})
