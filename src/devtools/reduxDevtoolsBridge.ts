import type { Modal } from '../createModal.js'
import type { LogSnapshot } from '../core/eventLog.js'
import type { StampedEvent } from '../core/events/defineEvent.js'
import type { ModalState } from '../core/state.js'
import { redactEvent, redactValue } from '../core/redact.js'

type MonitorMessage = {
  type: string
  state?: string
  payload?: {
    type: string
    actionId?: number
    index?: number
    id?: number
    nextLiftedState?: LiftedState
  }
}

/** The extension's lifted state, as IMPORT_STATE hands it over. */
type LiftedState = {
  actionsById?: Record<string, { action?: unknown }>
  stagedActionIds?: number[]
  skippedActionIds?: number[]
  committedState?: unknown
}

type ExtensionConnection = {
  init(state: unknown): void
  send(action: { type: string; [k: string]: unknown }, state: unknown): void
  subscribe(listener: (message: MonitorMessage) => void): (() => void) | void
  unsubscribe?(): void
}
type Extension = { connect(options: { name: string }): ExtensionConnection }

/**
 * Mirrors the event log to the Redux DevTools browser extension when it is installed, and lets
 * its monitor drive Gangway's own time travel: jump, skip (TOGGLE_ACTION), commit, rollback,
 * reset and import. The extension numbers actions 1, 2, … from its last `init`; the bridge
 * remembers which event (by seq) each number stands for, so ids stay right after the log folds
 * its oldest events (a jump to a folded event shows the committed state). Returns a stop
 * function.
 *
 * @example
 * useEffect(() => connectReduxDevtools(modal), [modal])
 */
export function connectReduxDevtools(modal: Modal, target: unknown = globalThis): () => void {
  const extension = (target as { __REDUX_DEVTOOLS_EXTENSION__?: Extension }).__REDUX_DEVTOOLS_EXTENSION__
  if (!extension) return () => undefined
  const connection = extension.connect({ name: 'Gangway' })
  const { timeTravel } = modal
  // sent[actionId - 1] is the seq of the event the extension lists under that id.
  let sent: number[] = []

  // The extension sees what an export would: secrets (signatures, e-mail, codes) redacted.
  const send = (event: StampedEvent, state: ModalState): void => {
    sent.push(event.seq)
    connection.send({ ...redactEvent(event) }, redactValue(state))
  }
  /** Starts the extension's list afresh from the log as it is now. */
  const mirror = (): void => {
    const { log } = timeTravel
    connection.init(redactValue(log.committedState))
    sent = []
    log.events.forEach((e, i) => send(e, log.stateAt(i)))
  }
  const seqOf = (actionId: number | undefined): number | null =>
    actionId !== undefined && actionId >= 1 && Number.isInteger(actionId) ? (sent[actionId - 1] ?? null) : null
  const load = (snapshot: LogSnapshot<ModalState>): void => {
    try {
      timeTravel.importLog(snapshot)
    } catch {
      // A log naming features that have not loaded yet replays once they have; a log the store
      // still refuses changes nothing, and the extension is shown the log as it stayed.
      void timeTravel.prepareImport(snapshot).then(() => {
        try {
          timeTravel.importLog(snapshot)
        } catch {
          // Refused: nothing changed.
        }
        mirror()
      })
    }
    mirror()
  }


  mirror()
  const sub = modal.event$.subscribe((e) => send(e, timeTravel.log.presentState))
  const stopListening = connection.subscribe((message) => {
    if (message.type !== 'DISPATCH' || !message.payload) return
    const { payload } = message
    switch (payload.type) {
      case 'JUMP_TO_ACTION':
      case 'JUMP_TO_STATE': {
        const id = payload.actionId ?? payload.index ?? 0
        if (id === 0) return timeTravel.jumpTo(-1)
        const seq = seqOf(id)
        if (seq === null) return
        if (seq === timeTravel.log.lastSeq) timeTravel.jumpToPresent()
        else timeTravel.jumpToSeq(seq)
        return
      }
      case 'TOGGLE_ACTION': {
        const seq = seqOf(payload.id)
        if (seq !== null) timeTravel.toggle(seq)
        return
      }
      case 'COMMIT':
        timeTravel.commit()
        return mirror()
      case 'ROLLBACK':
        // Back to the last committed state: the events since are dropped.
        return load({ version: 1, committedState: timeTravel.log.committedState, events: [], skipped: [] })
      case 'RESET':
        // The state this page's session started from, with no events.
        return load({ version: 1, committedState: modal.serverState, events: [], skipped: [] })
      case 'IMPORT_STATE': {
        const snapshot = fromLiftedState(payload.nextLiftedState)
        if (snapshot) load(snapshot)
        return
      }
    }
  })
  return () => {
    sub.unsubscribe()
    if (typeof stopListening === 'function') stopListening()
    connection.unsubscribe?.()
  }
}

/** The extension's lifted state as a Gangway log snapshot (the store validates it on import). */
function fromLiftedState(lifted: LiftedState | undefined): LogSnapshot<ModalState> | null {
  if (!lifted || !lifted.actionsById || !Array.isArray(lifted.stagedActionIds)) return null
  const actionOf = (id: number) => lifted.actionsById?.[String(id)]?.action as StampedEvent | undefined
  // Id 0 is the extension's own init action.
  const events = lifted.stagedActionIds.filter((id) => id !== 0).map(actionOf)
  if (events.some((e) => !e || typeof e !== 'object')) return null
  const skipped = (lifted.skippedActionIds ?? []).map((id) => actionOf(id)?.seq).filter((s): s is number => typeof s === 'number')
  return { version: 1, committedState: lifted.committedState as ModalState, events: events as StampedEvent[], skipped }
}
