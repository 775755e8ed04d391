// The realistic host with Solana beside EVM: the README setup plus the Solana adapter and a
// Solana network, to see what Solana adds to the first bundle and what loads on its own.
import { createSolanaAdapter, solanaMainnet } from 'gangway-kit/solana'
import { startReadmeHost } from '../shared/readmeHost'

startReadmeHost({ networks: [solanaMainnet], adapters: [createSolanaAdapter({ networks: [solanaMainnet] })] })
