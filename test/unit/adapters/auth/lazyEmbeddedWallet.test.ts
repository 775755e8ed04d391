import { describe, expect, it, vi } from 'vitest'
import { createLazyEmbeddedWallet } from '../../../../src/adapters/auth/lazyEmbeddedWallet'
import type { AuthConnector } from '../../../../src/core/ports'
import { evmNetwork } from '../../../support/stateAfter'

// The frame client's chunk, replaced: what the lazy wallet creates and hands on.
const runtime = vi.hoisted(() => ({ created: [] as { app: unknown; auth: { syncTheme: ReturnType<typeof vi.fn>; abortRequest: ReturnType<typeof vi.fn>; load: ReturnType<typeof vi.fn> } }[] }))
vi.mock('../../../../src/adapters/auth/embeddedWalletRuntime', () => ({
  createEmbeddedWalletRuntime: (_options: unknown, _networks: unknown, app: unknown) => {
    const auth = { syncTheme: vi.fn(), abortRequest: vi.fn(async () => undefined), load: vi.fn(async () => undefined), restoreSession: vi.fn() }
    runtime.created.push({ app, auth })
    return { auth, adapter: {} }
  },
}))

describe('the embedded wallet, loaded on first use', () => {
  it("a theme change or a withdrawal never loads the frame client; the theme kept goes to it once it loads, with the app's data", async () => {
    const app = { projectId: 'p-1', themeVariables: { '--gw-accent': '#0a7d4f' } }
    const wallet = createLazyEmbeddedWallet({ frameUrl: 'https://wallet.example/frame/' }, [evmNetwork(1)], app)
    const dark: Parameters<AuthConnector['syncTheme']>[0] = { themeMode: 'dark', themeVariables: {} }
    wallet.auth.syncTheme({ themeMode: 'light', themeVariables: {} })
    wallet.auth.syncTheme(dark)
    await wallet.auth.abortRequest()
    await new Promise((r) => setTimeout(r, 0))
    expect(runtime.created).toEqual([])

    await wallet.auth.load()
    expect(runtime.created).toHaveLength(1)
    const [{ auth, app: given }] = runtime.created as [(typeof runtime.created)[number]]
    expect(given).toBe(app)
    expect(auth.syncTheme.mock.calls).toEqual([[dark]])
    // Loaded: changes and withdrawals reach it.
    wallet.auth.syncTheme({ themeMode: 'light', themeVariables: {} })
    await wallet.auth.abortRequest()
    await new Promise((r) => setTimeout(r, 0))
    expect(auth.syncTheme.mock.calls.at(-1)).toEqual([{ themeMode: 'light', themeVariables: {} }])
    expect(auth.abortRequest).toHaveBeenCalledTimes(1)
  })
})
