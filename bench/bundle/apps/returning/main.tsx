// The README-setup host (../shared/readmeHost.tsx) with start-up timing for the start-up bench:
// when its script starts, and when `modal.ready` resolves. Otherwise it ships what the
// `realistic` app ships; the bench reaches the modal through `window.__modal`.
import './scriptStart'
import { startReadmeHost } from '../shared/readmeHost'

const timing = window as unknown as { __ready?: number; __modal?: unknown }
const modal = startReadmeHost()
timing.__modal = modal
modal.ready.then(() => {
  timing.__ready = performance.now()
})
