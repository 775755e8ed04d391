import { map, merge, timer } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { watchEmbeddedSession } from '../../../../src/core/effects/embeddedWallet/embeddedSession'
import type { AuthConnector } from '../../../../src/core/ports'
import { currentScheduler, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'

type SessionNews = { type: 'sessionUpdated'; sessionToken: string } | { type: 'signedOut' }

describe('watchEmbeddedSession', () => {
  it("the embedded wallet's new session tokens and its sign-out become events; a repeat of the kept token does not", async () => {
    const at = (ms: number, news: SessionNews) => timer(ms, currentScheduler()).pipe(map(() => news))
    const auth = {
      events: () => merge(at(1, { type: 'sessionUpdated', sessionToken: 't1' }), at(2, { type: 'sessionUpdated', sessionToken: 't1' }), at(3, { type: 'signedOut' })),
    } as unknown as AuthConnector
    const run = await runEffectAsync(watchEmbeddedSession, { state: stateAfter([]), loop: true, deps: { auth } })
    expect(run.log.map((e) => [e.type, (e.payload as { sessionToken: unknown }).sessionToken])).toEqual([
      ['embeddedWallet/sessionUpdated', 't1'],
      ['embeddedWallet/sessionUpdated', null],
    ])
    expect(run.state.embeddedUser.sessionToken).toBeNull()
  })

  it('without an embedded wallet it listens to nothing', async () => {
    const run = await runEffectAsync(watchEmbeddedSession, { state: stateAfter([]), loop: true, deps: { auth: undefined } })
    expect(run.log).toEqual([])
  })
})
