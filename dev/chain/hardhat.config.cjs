// Hardhat 2 configuration for the local development chains (dev/chain/startChains.ts).
// The project is ESM, so this file is CommonJS by extension. One file serves both nodes: the
// chain id comes from GANGWAY_CHAIN_ID, set by startChains for each child process.
const os = require('node:os')
const path = require('node:path')

const chainId = Number(process.env.GANGWAY_CHAIN_ID || 31337)
// Why: `hardhat node` watches <artifacts>/build-info and may create cache files; keep all of it
// out of the repository.
const scratch = process.env.GANGWAY_HARDHAT_DIR || path.join(os.tmpdir(), 'gangway-hardhat')

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  defaultNetwork: 'hardhat',
  networks: {
    hardhat: {
      chainId,
      // Like a real node: a transaction that reverts is still mined and eth_sendRawTransaction
      // answers its hash (hardhat throws by default). A wallet's batch whose call reverts must be
      // mined reverted, with none of its calls' effects, and its status read from the receipt.
      throwOnTransactionFailures: false,
      // Default accounts: the well-known "test test … junk" mnemonic, 20 accounts, 10000 ETH each.
    },
  },
  paths: {
    root: __dirname,
    sources: path.join(scratch, 'contracts'),
    tests: path.join(scratch, 'test'),
    cache: path.join(scratch, 'cache'),
    artifacts: path.join(scratch, 'artifacts'),
  },
}
