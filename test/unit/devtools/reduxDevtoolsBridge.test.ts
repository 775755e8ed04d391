import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { connectReduxDevtools } from '../../../src/devtools/reduxDevtoolsBridge'

type Sent = { action: { type: string; seq: number }; state: unknown }

/** A stand-in for the extension: records what the bridge sends and lets a test play the monitor. */
function fakeExtension() {
  const log: { inits: unknown[]; sent: Sent[] } = { inits: [], sent: [] }
  let listener: ((m: unknown) => void) | undefined
  const ext = {
    __REDUX_DEVTOOLS_EXTENSION__: {
      connect: () => ({
        init: (state: unknown) => {
          log.inits.push(state)
          log.sent = []
        },
        send: (action: Sent['action'], state: unknown) => log.sent.push({ action, state }),
        subscribe: (l: (m: unknown) => void) => {
          listener = l
          return () => (listener = undefined)
        },
      }),
    },
  }
  /** The monitor's id of the nth action listed since the last init (1-based), by event type and order. */
  const idOf = (seq: number) => log.sent.findIndex((s) => s.action.seq === seq) + 1
  const monitor = (payload: Record<string, unknown>) => listener?.({ type: 'DISPATCH', payload })
  return { ext, log, idOf, monitor, listening: () => listener !== undefined }
}

async function modalWith(maxLogBytes?: number) {
  const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false, ...(maxLogBytes ? { maxLogBytes } : {}) })
  await modal.ready
  return modal
}

describe('the Redux DevTools bridge', () => {
  it('jumps to the event the monitor names, also after the oldest events were folded away', async () => {
    const modal = await modalWith(2_000)
    const { ext, log, idOf, monitor } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    for (let i = 0; i < 60; i++) modal.setThemeMode(i % 2 ? 'dark' : 'light')
    modal.open('Networks')
    const openSeq = modal.timeTravel.log.lastSeq
    modal.setThemeMode('light')
    // The log folded: its first kept event is far from the first one the monitor listed.
    expect(modal.timeTravel.log.events[0]!.seq).toBeGreaterThan(log.sent[0]!.action.seq)
    monitor({ type: 'JUMP_TO_ACTION', actionId: idOf(openSeq) })
    expect(modal.getState().router.view).toBe('Networks')
    expect(modal.timeTravel.log.currentIndex).toBe(modal.timeTravel.log.events.findIndex((e) => e.seq === openSeq))
    monitor({ type: 'JUMP_TO_ACTION', actionId: idOf(modal.timeTravel.log.lastSeq) })
    expect(modal.timeTravel.log.isTimeTravelling).toBe(false)
    // An event folded away shows the committed state: the nearest the log still has.
    monitor({ type: 'JUMP_TO_ACTION', actionId: 1 })
    expect(modal.timeTravel.log.currentIndex).toBe(-1)
    modal.timeTravel.jumpToPresent()
    stop()
  })

  it('skips and restores an event (TOGGLE_ACTION)', async () => {
    const modal = await modalWith()
    const { ext, idOf, monitor } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    modal.open()
    const seq = modal.timeTravel.log.lastSeq
    monitor({ type: 'TOGGLE_ACTION', id: idOf(seq) })
    expect(modal.getState().modal.open).toBe(false)
    monitor({ type: 'TOGGLE_ACTION', id: idOf(seq) })
    expect(modal.getState().modal.open).toBe(true)
    stop()
  })

  it('commits, rolls back to the committed state and resets, telling the monitor each time', async () => {
    const modal = await modalWith()
    const { ext, log, monitor } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    modal.setThemeMode('dark')
    monitor({ type: 'COMMIT' })
    expect(modal.timeTravel.log.events).toHaveLength(0)
    expect(log.inits).toHaveLength(2)
    modal.open()
    expect(modal.getState().modal.open).toBe(true)
    monitor({ type: 'ROLLBACK' })
    expect(modal.getState().modal.open).toBe(false)
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(log.inits).toHaveLength(3)
    monitor({ type: 'RESET' })
    expect(modal.getState().preferences.themeMode).toBe('light')
    expect(modal.timeTravel.log.events).toHaveLength(0)
    stop()
  })

  it('imports the lifted state the monitor hands over (IMPORT_STATE), skipped events included', async () => {
    const source = await modalWith()
    const { ext, log, monitor } = fakeExtension()
    source.open('Networks')
    source.setThemeMode('dark')
    const exported = source.timeTravel.exportLog()
    const target = await modalWith()
    const stop = connectReduxDevtools(target, ext)
    const actionsById: Record<string, { action: unknown }> = { 0: { action: { type: '@@INIT' } } }
    exported.events.forEach((e, i) => (actionsById[String(i + 1)] = { action: e }))
    const themeId = exported.events.findIndex((e) => e.type === 'theme/modeChanged') + 1
    monitor({
      type: 'IMPORT_STATE',
      nextLiftedState: {
        actionsById,
        stagedActionIds: [0, ...exported.events.map((_, i) => i + 1)],
        skippedActionIds: [themeId],
        committedState: exported.committedState,
      },
    })
    expect(target.getState().router.view).toBe('Networks')
    expect(target.getState().preferences.themeMode).toBe('light')
    expect(log.sent.map((s) => s.action.type)).toEqual(exported.events.map((e) => e.type))
    stop()
  })

  it('an import the store refuses changes nothing', async () => {
    const modal = await modalWith()
    const { ext, monitor } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    modal.open()
    const before = modal.getState()
    monitor({
      type: 'IMPORT_STATE',
      nextLiftedState: { actionsById: { 1: { action: { type: 'not/anEvent', payload: {}, seq: 1, at: 1 } } }, stagedActionIds: [0, 1], committedState: {} },
    })
    expect(modal.getState()).toBe(before)
    expect(modal.timeTravel.log.isTimeTravelling).toBe(false)
    stop()
  })

  it('shows the monitor what an export would: a signature is redacted', async () => {
    const modal = await modalWith()
    const { ext, log } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    modal.dispatch({ type: 'signature/succeeded', payload: { address: '0x0000000000000000000000000000000000000001', signature: '0xdeadbeef' }, requestId: 'r1' })
    const last = log.sent[log.sent.length - 1]!
    expect(JSON.stringify(last)).not.toContain('0xdeadbeef')
    stop()
  })

  it('does nothing without the extension, and stops listening when stopped', async () => {
    const modal = await modalWith()
    expect(() => connectReduxDevtools(modal, {})()).not.toThrow()
    const { ext, listening } = fakeExtension()
    const stop = connectReduxDevtools(modal, ext)
    expect(listening()).toBe(true)
    stop()
    expect(listening()).toBe(false)
  })
})
