import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { fetchNameSuggestions } from '../../../../../src/core/effects/names/fetchNameSuggestions'
import { nameSuggestionsFetched, nameSuggestionsRequested } from '../../../../../src/core/events/names/names'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

function names(answer: (name: string) => Promise<unknown[]>) {
  const calls: unknown[] = []
  const api = { getNameSuggestions: (params: { name: string }) => (calls.push(params), answer(params.name)) } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchNameSuggestions', () => {
  it('asks once typing pauses for 300 ms, only for the last label', () => {
    const { deps, calls } = names((name) => reply([{ name: `${name}.gangway`, registered: false }, { name: `${name}1.gangway`, registered: true }, { junk: 1 }], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'a 99ms b',
        values: { a: nameSuggestionsRequested({ label: 'alic' }, { requestId: 'q1' }), b: nameSuggestionsRequested({ label: 'alice' }, { requestId: 'q2' }) },
      }
      expectObservable(runEffect(fetchNameSuggestions, { events, state: stateAfter([]), reduce: true, deps })).toBe('410ms f', {
        f: nameSuggestionsFetched(
          { label: 'alice', suggestions: [{ name: 'alice.gangway', registered: false }, { name: 'alice1.gangway', registered: true }] },
          { requestId: 'q2' },
        ),
      })
    })
    expect(calls).toEqual([{ name: 'alice', zone: 'gangway' }])
  })

  it("a failure says the server's reason, else 'Error fetching name suggestions'", () => {
    const { deps } = names(() => replyError(new GangwayError('Error fetching name suggestions', { code: 500 }), 5))
    const out: unknown[] = []
    new EffectScheduler().run(() => {
      const events = { marble: 'a', values: { a: nameSuggestionsRequested({ label: 'alice' }, { requestId: 'q1' }) } }
      runEffect(fetchNameSuggestions, { events, state: stateAfter([]), loop: true, deps }).subscribe((e) => out.push(e))
    })
    expect(out).toMatchObject([{ type: 'names/suggestionsFailed', payload: { label: 'alice', error: { shortMessage: 'Error fetching name suggestions' } } }])
  })
})
