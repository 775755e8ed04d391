import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { selectAddress } from 'gangway-kit'
import { ConnectButton, ModalProvider, useModalState } from 'gangway-kit/react'
import { modal } from './modal.js'

function SignIn() {
  const address = useModalState(selectAddress)
  const [signature, setSignature] = useState(null)
  const [problem, setProblem] = useState(null)
  if (!address) return null
  const sign = () =>
    modal.signMessage('Hello from the Gangway example', { feedback: true }).then(
      (s) => setSignature(s),
      (error) => setProblem(error.shortMessage ?? String(error)),
    )
  return (
    <section>
      <button type="button" onClick={sign}>Sign a message</button>
      {signature ? <p data-testid="signature">{signature}</p> : null}
      {problem ? <p role="alert" data-testid="problem">{problem}</p> : null}
    </section>
  )
}

createRoot(document.getElementById('root')).render(
  <ModalProvider modal={modal}>
    <main>
      <h1>Gangway example</h1>
      <ConnectButton />
      <SignIn />
    </main>
  </ModalProvider>,
)
