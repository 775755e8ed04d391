// A host configuring every feature: the README setup with Solana beside EVM, the embedded wallet
// (e-mail and social login through its frame), sign-in with the wallet (SIWX), and the data API
// that turns on swaps, the on-ramp and names. What a feature costs a host that uses it.
import { createSolanaAdapter, solanaMainnet } from 'gangway-kit/solana'
import { startReadmeHost } from '../shared/readmeHost'

startReadmeHost({
  networks: [solanaMainnet],
  adapters: [createSolanaAdapter({ networks: [solanaMainnet] })],
  options: { embeddedWallet: { frameUrl: 'https://wallet.example.com/frame/' }, siwx: { statement: 'Sign in to My app.' } },
})
