import { describe, expect, it } from 'vitest'
import { syncEmbeddedTheme } from '../../../../src/core/effects/embeddedWallet/syncEmbeddedTheme'
import { bannerShowRequested } from '../../../../src/core/events/modal/banner'
import { themeModeChanged, themeVariablesChanged } from '../../../../src/core/events/modal/preferences'
import type { AuthConnector } from '../../../../src/core/ports'
import { runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'

describe('syncEmbeddedTheme', () => {
  it("tells the embedded wallet the modal's theme as the session starts and on each change of mode or run-time variables, once each", async () => {
    const synced: Parameters<AuthConnector['syncTheme']>[0][] = []
    const auth = { syncTheme: (theme: (typeof synced)[number]) => void synced.push(theme) } as unknown as AuthConnector
    const values = {
      d: themeModeChanged({ mode: 'dark' }),
      v: themeVariablesChanged({ variables: { '--gw-accent': '#0a7d4f' } }),
      b: bannerShowRequested({ variant: 'success', message: 'Saved' }),
      n: themeVariablesChanged({ variables: { '--gw-accent': null } }),
      l: themeModeChanged({ mode: 'light' }),
    }
    const run = await runEffectAsync(syncEmbeddedTheme, { events: { marble: 'd-v-d-b-n-l', values }, state: stateAfter([]), reduce: true, deps: { auth } })
    expect(synced).toEqual([
      { themeMode: 'light', themeVariables: {} },
      { themeMode: 'dark', themeVariables: {} },
      { themeMode: 'dark', themeVariables: { '--gw-accent': '#0a7d4f' } },
      { themeMode: 'dark', themeVariables: {} },
      { themeMode: 'light', themeVariables: {} },
    ])
    // It only tells: no events of its own.
    expect(run.messages).toEqual([])
  })

  it('without an embedded wallet it watches nothing: done at once', async () => {
    const run = await runEffectAsync(syncEmbeddedTheme, { events: { marble: 'd', values: { d: themeModeChanged({ mode: 'dark' }) } }, state: stateAfter([]), reduce: true, deps: { auth: undefined } })
    run.toBe('|')
  })
})
