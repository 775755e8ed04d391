import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './App.tsx'

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
