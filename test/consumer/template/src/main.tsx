import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './App.tsx'

declare global {
  interface Window {
    __recoverableErrors: string[]
    __gangwayCommitted: boolean
  }
}

window.__recoverableErrors = []
const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// Server-rendered markup is hydrated; every recoverable error (a hydration mismatch) is kept.
if (root.firstElementChild) {
  hydrateRoot(root, app, { onRecoverableError: (error) => void window.__recoverableErrors.push(String((error as Error)?.message ?? error)) })
} else {
  createRoot(root).render(app)
}
