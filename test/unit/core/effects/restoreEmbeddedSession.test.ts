import { describe, expect, it } from 'vitest'
import { restoreEmbeddedSession } from '../../../../src/core/effects/embeddedWallet/embeddedSession'
import { storageHydrated } from '../../../../src/core/events/persistence/storage'
import type { AuthConnector } from '../../../../src/core/ports'
import { runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'

describe('restoreEmbeddedSession', () => {
  it('offers the stored session to the embedded wallet on hydration; nothing when none was stored', async () => {
    const offered: string[] = []
    const auth = { restoreSession: (token: string) => void offered.push(token) } as unknown as AuthConnector
    await runEffectAsync(restoreEmbeddedSession, {
      events: { marble: 'ab', values: { a: storageHydrated({ embeddedWallet: { sessionToken: 'kept' } }), b: storageHydrated({ siwx: { sessions: {} } }) } },
      state: stateAfter([]),
      reduce: true,
      deps: { auth },
    })
    expect(offered).toEqual(['kept'])
  })
})
