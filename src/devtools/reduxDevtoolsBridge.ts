import type { Modal } from '../createModal.js'

type ExtensionConnection = {
  init(state: unknown): void
  send(action: { type: string; [k: string]: unknown }, state: unknown): void
  subscribe(listener: (message: { type: string; payload?: { type: string; actionId?: number; index?: number } }) => void): () => void
  unsubscribe?(): void
}
type Extension = { connect(options: { name: string }): ExtensionConnection }

/**
 * Mirrors the event log to the Redux DevTools browser extension when it is installed, and lets
 * its jump and import commands drive Gangway's own time travel. Returns a stop function.
 */
export function connectReduxDevtools(modal: Modal, target: unknown = globalThis): () => void {
  const extension = (target as { __REDUX_DEVTOOLS_EXTENSION__?: Extension }).__REDUX_DEVTOOLS_EXTENSION__
  if (!extension) return () => undefined
  const connection = extension.connect({ name: 'Gangway' })
  connection.init(modal.timeTravel.log.committedState)
  for (const [i, e] of modal.timeTravel.log.events.entries()) connection.send({ ...e }, modal.timeTravel.log.computedStates[i])
  const sub = modal.event$.subscribe((e) => connection.send({ ...e }, modal.timeTravel.log.presentState))
  const stopListening = connection.subscribe((message) => {
    if (message.type !== 'DISPATCH' || !message.payload) return
    const { type, actionId, index } = message.payload
    if (type === 'JUMP_TO_ACTION' || type === 'JUMP_TO_STATE') {
      const target = (actionId ?? index ?? 0) - 1
      if (target >= modal.timeTravel.log.events.length - 1) modal.timeTravel.jumpToPresent()
      else modal.timeTravel.jumpTo(target)
    } else if (type === 'COMMIT') {
      modal.timeTravel.commit()
    }
  })
  return () => {
    sub.unsubscribe()
    stopListening()
    connection.unsubscribe?.()
  }
}
