// The baseline host: React 19 and a native <dialog> that a button opens. Gangway's cost is
// what the Gangway host loads on top of this.
import { useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

function WalletDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => ref.current?.showModal(), [])
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="dialog-title">
      <h2 id="dialog-title">Connect Wallet</h2>
      <p className="content">No wallets detected in this browser.</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  )
}

function App() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <h1>Host app</h1>
      <button type="button" id="open" onClick={() => setOpen(true)}>
        Connect wallet
      </button>
      {open ? <WalletDialog onClose={() => setOpen(false)} /> : null}
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
