import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './App.tsx'
import { CspApp, cspModal } from './CspApp.tsx'

/** The app's modal, so the server script can wait for its start-up to end. */
export { modal } from './App.tsx'

/** The app's HTML as a server renders it (the same tree main.tsx hydrates). */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

/**
 * The strict-CSP page's HTML for one request: its modal is made for the request, with the
 * request's nonce, and stopped once the HTML is out.
 */
export function renderCsp(nonce: string): string {
  const modal = cspModal(nonce)
  try {
    return renderToString(
      <StrictMode>
        <CspApp modal={modal} />
      </StrictMode>,
    )
  } finally {
    modal.destroy()
  }
}
