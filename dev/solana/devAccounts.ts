// The local Solana stack's dev accounts and test mint: Ed25519 key pairs derived by @solana/kit
// from fixed 32-byte seeds, so their addresses are the same on every machine and every start
// (listed in dev/solana/README.md). Runs in Node and in the browser (Web Crypto).
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'

/** How many dev accounts the validator funds (the dev Solana wallet holds all of them). */
export const DEV_SOLANA_ACCOUNT_COUNT = 3

/** SOL given to each dev account at start. */
export const DEV_SOLANA_LAMPORTS = 1_000n * 1_000_000_000n

/** The test SPL token the validator mints at start. */
export const DEV_SOLANA_TOKEN = { name: 'Gangway Test Token', symbol: 'GWAY', decimals: 6 } as const

/** GWAY (in base units) given to each dev account's associated token account at start: 1,000,000 GWAY. */
export const DEV_SOLANA_TOKEN_AMOUNT = 1_000_000n * 10n ** BigInt(DEV_SOLANA_TOKEN.decimals)

/** Seeds are ASCII text padded with dots to 32 bytes: readable, fixed, never secret. */
function seed(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text.padEnd(32, '.'))
  if (bytes.length !== 32) throw new Error(`seed text must fit in 32 bytes: ${text}`)
  return bytes
}

/** The 32-byte seed of dev account `index` ("gangway dev solana account #0...."). */
export function devSolanaAccountSeed(index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 99) throw new Error(`no dev Solana account #${index}`)
  return seed(`gangway dev solana account #${index}`)
}

/** Seed of the test mint's own address (the mint account's key pair signs only its creation). */
export const DEV_SOLANA_MINT_SEED = seed('gangway dev solana GWAY mint')

/** Seed of the test mint's mint authority (not a dev account, so no wallet can mint by mistake). */
export const DEV_SOLANA_MINT_AUTHORITY_SEED = seed('gangway dev solana GWAY minter')

/**
 * The key pair signer of dev account `index`.
 *
 * @example
 * const payer = await devSolanaAccountSigner(0)
 * payer.address // '…' (see dev/solana/README.md)
 */
export function devSolanaAccountSigner(index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(devSolanaAccountSeed(index))
}
