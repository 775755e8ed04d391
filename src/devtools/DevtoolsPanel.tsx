import { useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react'
import type { Modal } from '../createModal.js'
import { GangwayError } from '../core/errors/base.js'
import { diffStates } from './diffStates.js'
import { connectReduxDevtools } from './reduxDevtoolsBridge.js'
import { ReactComponentsPane } from './reactComponents.js'
import { useStyleSheet } from '../react/useStyleSheet.js'

/** How many of the newest events the list renders; older ones stay in the log and the export. */
const VISIBLE_EVENTS = 300

export type DevtoolsPanelProps = {
  modal: Modal
  /** Mirror to the Redux DevTools extension when present (default true). */
  reduxDevtools?: boolean
}

const noSubscription = () => () => undefined

/**
 * The devtools panel: the event log, the state at any event and its diff from the one before,
 * time travel (the modal renders the past state; effects and persistence wait until you return
 * to the present), skip and unskip, export and import of the log. It renders once the page has
 * mounted: a server render and the hydration that follows show nothing, so a log that differs
 * between the server and the browser (it always does) never breaks hydration; and once the
 * modal is ready (its log comes with its engine).
 */
export function DevtoolsPanel(props: DevtoolsPanelProps) {
  // false on the server and while hydrating, true in the browser after that (and at once in a client-only render).
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false)
  // The log is the engine's, which loads as the session starts.
  const [ready, setReady] = useState<Modal | null>(null)
  useEffect(() => {
    let live = true
    void props.modal.ready.then(() => live && setReady(props.modal))
    return () => {
      live = false
    }
  }, [props.modal])
  return mounted && ready === props.modal ? <Panel {...props} /> : null
}

function Panel({ modal, reduxDevtools = true }: DevtoolsPanelProps) {
  const tt = modal.timeTravel
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null)
  const [tab, setTab] = useState<'diff' | 'state' | 'event' | 'components'>('diff')
  const [error, setError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  // Adopted by the page (a strict CSP blocks a <style>; a constructed sheet it allows).
  const stylesheet = useStyleSheet(DEVTOOLS_CSS, { nonce: modal.options.cspNonce, anchor: panelRef })

  useEffect(() => {
    const sub = tt.changes$.subscribe(() => refresh())
    return () => sub.unsubscribe()
  }, [tt])
  useEffect(() => (reduxDevtools ? connectReduxDevtools(modal) : undefined), [modal, reduxDevtools])
  const theme = usePanelTheme(modal)

  const log = tt.log
  const events = log.events
  const travelling = log.isTimeTravelling
  const currentSeq = events[log.currentIndex]?.seq ?? null
  const selectedIndex = selectedSeq === null ? events.length - 1 : events.findIndex((e) => e.seq === selectedSeq)
  const selected = events[selectedIndex]
  const stateAfter = log.stateAt(selectedIndex)
  const stateBefore = selectedIndex > 0 ? log.stateAt(selectedIndex - 1) : log.committedState
  const changes = useMemo(() => diffStates(stateBefore, stateAfter), [stateBefore, stateAfter])
  const visible = events.slice(-VISIBLE_EVENTS)
  const first = events[0]?.at ?? 0

  const exportLog = () => {
    const blob = new Blob([JSON.stringify(tt.exportLog(), null, 2)], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = `gangway-session-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
    a.click()
    URL.revokeObjectURL(url)
  }

  const importLog = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    try {
      const snapshot: unknown = JSON.parse(await file.text())
      // The features the log names load first, so that it replays as it was recorded.
      await tt.prepareImport(snapshot)
      tt.importLog(snapshot)
      setSelectedSeq(null)
      setError(null)
    } catch (err) {
      setError(err instanceof GangwayError ? `${err.shortMessage}${err.details ? `: ${err.details}` : ''}` : 'The file is not a Gangway event log (JSON).')
    }
  }

  return (
    <section ref={panelRef} className="gwd" aria-label="Gangway devtools" data-testid="gangway-devtools" data-gangway-devtools="" data-theme={theme}>
      {stylesheet}
      <header className="gwd-toolbar">
        <strong>Gangway devtools</strong>
        <span className="gwd-muted gwd-status" data-testid="devtools-status">
          {travelling ? `Viewing #${currentSeq ?? 'base'} (effects paused)` : 'Live'} · {events.length} events · {(log.byteSize / 1024).toFixed(1)} KiB
        </span>
        <button type="button" onClick={() => tt.jumpToPresent()} disabled={!travelling} data-testid="devtools-present">
          Back to present
        </button>
        <button type="button" onClick={exportLog}>Export</button>
        <button type="button" onClick={() => fileInput.current?.click()}>Import</button>
        <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={importLog} data-testid="devtools-import" />
        <button type="button" onClick={() => tt.sweep()} disabled={log.skipped.size === 0}>Sweep skipped</button>
        <button type="button" onClick={() => { tt.commit(); setSelectedSeq(null) }} disabled={travelling || events.length === 0}>Commit</button>
      </header>
      {error ? <p role="alert" className="gwd-error">{error}</p> : null}
      <div className="gwd-columns">
        <ol className="gwd-events" aria-label="Event log">
          {events.length > visible.length ? <li className="gwd-muted">{events.length - visible.length} older events not shown</li> : null}
          {visible.map((e) => {
            const isSkipped = log.skipped.has(e.seq)
            return (
              <li key={e.seq} data-seq={e.seq} data-selected={e.seq === selected?.seq} data-current={e.seq === currentSeq} data-skipped={isSkipped}>
                <button type="button" className="gwd-event" onClick={() => setSelectedSeq(e.seq)} aria-pressed={e.seq === selected?.seq}>
                  <span className="gwd-seq">#{e.seq}</span>
                  <span className="gwd-time">+{((e.at - first) / 1000).toFixed(3)}s</span>
                  <span className="gwd-type" title={e.type}>{e.type}</span>
                </button>
                <button type="button" className="gwd-small" onClick={() => tt.jumpToSeq(e.seq)} aria-label={`Jump to event ${e.seq}`} data-testid={`jump-${e.seq}`}>Jump</button>
                <button type="button" className="gwd-small" onClick={() => tt.toggle(e.seq)} aria-label={`${isSkipped ? 'Unskip' : 'Skip'} event ${e.seq}`}>
                  {isSkipped ? 'Unskip' : 'Skip'}
                </button>
              </li>
            )
          })}
        </ol>
        <div className="gwd-detail">
          <div role="tablist" className="gwd-tabs">
            {(['diff', 'state', 'event', 'components'] as const).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
                {TAB_NAMES[t]}
              </button>
            ))}
          </div>
          {tab === 'components' ? (
            <ReactComponentsPane />
          ) : tab === 'diff' ? (
            changes.length === 0 ? (
              <p className="gwd-muted">No state change.</p>
            ) : (
              <table className="gwd-diff" data-testid="devtools-diff">
                <tbody>
                  {changes.map((c) => (
                    <tr key={c.path}>
                      <th scope="row">{c.path}</th>
                      <td className="gwd-before">{show(c.before)}</td>
                      <td className="gwd-after">{show(c.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          ) : (
            <pre className="gwd-json" data-testid="devtools-json">{JSON.stringify(tab === 'state' ? stateAfter : selected ?? null, null, 2)}</pre>
          )}
        </div>
      </div>
    </section>
  )
}

/** The panel follows the modal's theme (as the modal shows it, past states included). */
function usePanelTheme(modal: Modal): 'light' | 'dark' {
  return useSyncExternalStore(
    (onChange) => {
      const sub = modal.state$.subscribe(() => onChange())
      return () => sub.unsubscribe()
    },
    () => (modal.getState().preferences.themeMode === 'dark' ? 'dark' : 'light'),
    () => 'light',
  )
}

const TAB_NAMES = { diff: 'Diff', state: 'State', event: 'Event', components: 'Components' } as const

function show(v: unknown): string {
  if (v === undefined) return '—'
  const s = JSON.stringify(v)
  return s.length > 120 ? `${s.slice(0, 117)}…` : s
}

const DEVTOOLS_CSS = `
.gwd {
  --gwd-fg: #1d2125; --gwd-bg: #fbfbfc; --gwd-bg-2: #f0f2f5; --gwd-border: #d9dde2; --gwd-button: #fff; --gwd-button-border: #c5cbd3;
  --gwd-muted: #5f6872; --gwd-selected: #e8efff; --gwd-accent: #3366ff; --gwd-accent-text: #fff;
  --gwd-error: #b3261e; --gwd-error-bg: #fdecea; --gwd-after: #16794a; --gwd-skipped: #7a838c;
  position: relative; z-index: 1000; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--gwd-fg); background: var(--gwd-bg);
  border: 1px solid var(--gwd-border); border-radius: 6px; display: flex; flex-direction: column; min-height: 320px; max-height: 100%; overflow: hidden;
  color-scheme: light;
}
.gwd[data-theme='dark'] {
  --gwd-fg: #e6e8eb; --gwd-bg: #17181b; --gwd-bg-2: #202226; --gwd-border: #33363c; --gwd-button: #26282d; --gwd-button-border: #3d4148;
  --gwd-muted: #a0a7b0; --gwd-selected: #23304f; --gwd-accent: #6b8cff; --gwd-accent-text: #0d1117;
  --gwd-error: #ff8a96; --gwd-error-bg: #3a1d22; --gwd-after: #5fd394; --gwd-skipped: #858d96;
  color-scheme: dark;
}
.gwd button { font: inherit; padding: 2px 8px; border: 1px solid var(--gwd-button-border); border-radius: 4px; background: var(--gwd-button); color: inherit; cursor: pointer; }
.gwd button:disabled { opacity: .5; cursor: default; }
.gwd-toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--gwd-border); background: var(--gwd-bg-2); }
.gwd-muted { color: var(--gwd-muted); }
/* The status grows with the log: it takes the free space, so the buttons after it do not move. */
.gwd-status { flex: 1 1 18em; min-width: 0; font-variant-numeric: tabular-nums; }
.gwd-error { margin: 0; padding: 6px 8px; color: var(--gwd-error); background: var(--gwd-error-bg); }
.gwd-columns { display: grid; grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); min-height: 0; flex: 1; }
.gwd-events { list-style: none; margin: 0; padding: 0; overflow: auto; border-right: 1px solid var(--gwd-border); min-width: 0; }
.gwd-events li { display: flex; gap: 4px; align-items: center; padding: 1px 4px; min-width: 0; }
.gwd-events li[data-selected='true'] { background: var(--gwd-selected); }
.gwd-events li[data-current='true'] { box-shadow: inset 3px 0 var(--gwd-accent); }
.gwd-events li[data-skipped='true'] .gwd-type { text-decoration: line-through; color: var(--gwd-skipped); }
/* Long event types are cut with an ellipsis so the Jump / Skip buttons always fit the row. */
.gwd-event { flex: 1 1 auto; min-width: 0; display: flex; gap: 6px; text-align: left; border: 0 !important; background: transparent !important; }
.gwd-seq { color: var(--gwd-muted); min-width: 3em; flex: none; } .gwd-time { color: var(--gwd-muted); min-width: 5.5em; flex: none; }
.gwd-type { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.gwd-small { flex: none; font-size: 11px !important; padding: 0 4px !important; }
.gwd-detail { overflow: auto; padding: 6px 8px; min-width: 0; }
.gwd-tabs { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
.gwd-tabs [aria-selected='true'] { background: var(--gwd-accent); color: var(--gwd-accent-text); border-color: var(--gwd-accent); }
/* Fixed columns: a long value wraps in its own cell instead of squeezing the path to a letter a line. */
.gwd-diff { border-collapse: collapse; width: 100%; table-layout: fixed; }
.gwd-diff th { width: 36%; text-align: left; font-weight: 600; padding-right: 8px; vertical-align: top; overflow-wrap: anywhere; }
.gwd-diff td { vertical-align: top; padding-right: 6px; overflow-wrap: anywhere; }
.gwd-before { color: var(--gwd-error); } .gwd-after { color: var(--gwd-after); }
.gwd-react { height: 420px; border: 1px solid var(--gwd-border); }
.gwd-json { margin: 0; white-space: pre-wrap; word-break: break-all; }
@media (max-width: 640px) { .gwd-columns { grid-template-columns: minmax(0, 1fr); } .gwd-events { border-right: 0; border-bottom: 1px solid var(--gwd-border); max-height: 50vh; } }
`
