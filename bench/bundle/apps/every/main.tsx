// A host configuring every feature: the README setup (with swaps, the on-ramp and names) with
// Solana beside EVM, the embedded wallet (e-mail and social login through its frame) and sign-in
// with the wallet (SIWX). What a feature costs a host that uses it.
import { createSolanaAdapter, solanaMainnet } from 'gangway-kit/solana'
import { startReadmeHost } from '../shared/readmeHost'
import { embeddedWallet, siwx } from 'gangway-kit/features'

startReadmeHost({
  networks: [solanaMainnet],
  adapters: [createSolanaAdapter({ networks: [solanaMainnet] })],
  options: {
    embeddedWallet: embeddedWallet({ frameUrl: 'https://wallet.example.com/frame/' }),
    siwx: siwx({ statement: 'Sign in to My app.' }),
  },
})
