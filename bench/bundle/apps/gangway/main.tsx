// The Gangway host: the same page as the dialog host, with the modal instead of the <dialog>,
// set up as the README tells a host to (no devtools).
import { createRoot } from 'react-dom/client'
import { createModal } from 'gangway-kit'
import { ModalProvider, useModal } from 'gangway-kit/react'

const modal = createModal({ projectId: 'bench', adapters: ['eip155'], persistLog: false })

function App() {
  const gangway = useModal()
  return (
    <main>
      <h1>Host app</h1>
      <button type="button" id="open" onClick={() => gangway.open()}>
        Connect wallet
      </button>
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <ModalProvider modal={modal}>
    <App />
  </ModalProvider>,
)
