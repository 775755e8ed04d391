// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { DevtoolsPanel } from '../../../src/devtools/DevtoolsPanel'
import { diffStates } from '../../../src/devtools/diffStates'
import { connectReduxDevtools } from '../../../src/devtools/reduxDevtoolsBridge'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  document.body.innerHTML = ''
})

async function setup() {
  const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
  await modal.ready
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<DevtoolsPanel modal={modal} reduxDevtools={false} />))
  unmount = () => act(() => root.unmount())
  const click = (selector: string) => act(() => (el.querySelector(selector) as HTMLButtonElement).click())
  return { modal, el, click }
}

describe('devtools panel', () => {
  it('lists events, jumps to a past state and comes back to the present', async () => {
    const { modal, el, click } = await setup()
    act(() => modal.open('Networks'))
    const openSeq = modal.timeTravel.log.lastSeq
    expect(el.querySelector(`[data-seq="${openSeq}"]`)?.textContent).toContain('modal/openRequested')
    click(`[data-testid="jump-${openSeq - 1}"]`)
    expect(modal.getState().modal.open).toBe(false)
    expect(el.querySelector('[data-testid=devtools-status]')?.textContent).toContain('effects paused')
    click('[data-testid=devtools-present]')
    expect(modal.getState().router.view).toBe('Networks')
  })
  it('skips an event and shows the diff of the selected one', async () => {
    const { modal, el, click } = await setup()
    act(() => modal.setThemeMode('dark'))
    const seq = modal.timeTravel.log.lastSeq
    click(`[data-seq="${seq}"] .gwd-event`)
    expect(el.querySelector('[data-testid=devtools-diff]')?.textContent).toContain('preferences.themeMode"light""dark"')
    click(`[aria-label="Skip event ${seq}"]`)
    expect(modal.getState().preferences.themeMode).toBe('light')
    click(`[aria-label="Unskip event ${seq}"]`)
    expect(modal.getState().preferences.themeMode).toBe('dark')
  })
})

describe('devtools panel under server rendering', () => {
  it('renders nothing on the server and while hydrating, then the panel: the two logs never meet', async () => {
    const server = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await server.ready
    server.open('Networks')
    const html = renderToString(<DevtoolsPanel modal={server} reduxDevtools={false} />)
    expect(html).toBe('')
    // The browser's modal has another log; hydrating over the server's markup reports no mismatch.
    const browser = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await browser.ready
    const el = document.createElement('div')
    el.innerHTML = html
    document.body.appendChild(el)
    const errors: unknown[] = []
    const root = await act(async () => hydrateRoot(el, <DevtoolsPanel modal={browser} reduxDevtools={false} />, { onRecoverableError: (e) => void errors.push(e) }))
    unmount = () => act(() => root.unmount())
    expect(errors).toEqual([])
    expect(el.querySelector('[data-testid=devtools-status]')).not.toBeNull()
    server.destroy()
  })
})

describe('diffStates', () => {
  it('lists changed leaves and skips shared subtrees', () => {
    const shared = { deep: { x: 1 } }
    expect(diffStates({ a: 1, s: shared, l: [1, 2] }, { a: 2, s: shared, l: [1], n: null })).toEqual([
      { path: 'a', before: 1, after: 2 },
      { path: 'l[1]', before: 2, after: undefined },
      { path: 'n', before: undefined, after: null },
    ])
  })
})

describe('Redux DevTools bridge', () => {
  it('sends every event and follows jump commands from the extension', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const sent: string[] = []
    let listener: ((m: { type: string; payload?: { type: string; actionId?: number } }) => void) | undefined
    const ext = {
      __REDUX_DEVTOOLS_EXTENSION__: {
        connect: () => ({
          init: () => undefined,
          send: (a: { type: string }) => void sent.push(a.type),
          subscribe: (l: typeof listener) => ((listener = l), () => undefined),
        }),
      },
    }
    const stop = connectReduxDevtools(modal, ext)
    modal.open()
    expect(sent).toEqual(['session/started', 'storage/hydrated', 'modal/openRequested'])
    listener?.({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 2 } })
    expect(modal.getState().modal.open).toBe(false)
    listener?.({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 3 } })
    expect(modal.getState().modal.open).toBe(true)
    stop()
  })
})
