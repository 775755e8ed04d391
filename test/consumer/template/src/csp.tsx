import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { CspApp, cspModal } from './CspApp.tsx'

// The request's nonce, where the server put it (Vite's `html.cspNonce` convention): browsers
// hide the attribute from the page, the `nonce` property keeps it.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined
const app = (
  <StrictMode>
    <CspApp modal={cspModal(nonce)} />
  </StrictMode>
)
window.__recoverableErrors = []
const root = document.getElementById('root')!
if (root.firstElementChild) {
  hydrateRoot(root, app, { onRecoverableError: (error) => void window.__recoverableErrors.push(String((error as Error)?.message ?? error)) })
} else {
  createRoot(root).render(app)
}
