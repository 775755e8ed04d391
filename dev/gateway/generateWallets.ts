/**
 * Writes `dev/gateway/wallets.json`, the gateway's bundled wallet directory, from the
 * deterministic generator in `walletRecords.ts`. Run it after changing the generator:
 *
 * @example
 * npx tsx dev/gateway/generateWallets.ts
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { BUNDLED_WALLET_COUNT, generateWalletRecords } from './walletRecords'

const target = fileURLToPath(new URL('./wallets.json', import.meta.url))
const records = generateWalletRecords(0, BUNDLED_WALLET_COUNT)
// One record per line: readable, and a diff of the file shows which records changed.
writeFileSync(target, `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`)
console.log(`wrote ${records.length} wallet records to ${target}`)
