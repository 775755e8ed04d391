// The README-setup host (../shared/readmeHost.tsx) with start-up timing for the start-up bench:
// when its script starts, when `modal.ready` resolves, and when the page before's history has
// joined the log (`timeTravel.whenRestored()`). Otherwise it ships what the
// `realistic` app ships; the bench reaches the modal through `window.__modal`.
import './scriptStart'
import { startReadmeHost } from '../shared/readmeHost'
import { STARTUP_DONE } from './startupDone'

const timing = window as unknown as { __ready?: number; __restored?: number; __modal?: unknown }
const modal = startReadmeHost()
timing.__modal = modal
modal.ready
  .then(() => {
    timing.__ready = performance.now()
    return modal.timeTravel.whenRestored()
  })
  .then(() => {
    timing.__restored = performance.now()
    // The bench waits for this line (a console message reaches it without running a script in
    // the page, which would take the main thread while the start is being timed).
    console.info(STARTUP_DONE)
  })
