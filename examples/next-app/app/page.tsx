import { ConnectButton } from 'gangway-kit/react'

export default function Page() {
  return (
    <main>
      <ConnectButton />
    </main>
  )
}
