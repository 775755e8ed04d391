// @vitest-environment happy-dom
// The dev Solana wallet as an app sees it: discovered by the Wallet Standard's getWallets(),
// connected, signing (verified with kit) and sending to the local validator; rejections, account
// switches and disconnects from the wallet's side.
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEV_SOLANA_WALLET_NAME, type DevSolanaWalletFeatures } from '../../../dev/solana/devSolanaWallet'
import { installDevSolanaWallet, type InstalledDevSolanaWallet } from '../../../dev/solana/installDevSolanaWallet'
import { startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'

let validator: SolanaValidator
let installed: InstalledDevSolanaWallet

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
}, 30_000)

afterAll(async () => {
  await validator?.stop()
})

beforeEach(async () => {
  window.localStorage.clear()
  installed = await installDevSolanaWallet({ rpcUrl: validator.rpcUrl, caipNetworkId: validator.caipNetworkId, accounts: validator.accounts })
})

afterEach(() => {
  installed.uninstall()
})

/** The wallet as a Wallet Standard app finds it. */
function discovered(): Wallet & { features: DevSolanaWalletFeatures } {
  const found = getWallets()
    .get()
    .filter((wallet) => wallet.name === DEV_SOLANA_WALLET_NAME)
  expect(found).toHaveLength(1)
  return found[0] as Wallet & { features: DevSolanaWalletFeatures }
}

async function connect(wallet = discovered()): Promise<WalletAccount> {
  installed.handle.approveNext()
  const { accounts } = await wallet.features['standard:connect'].connect()
  expect(accounts).toHaveLength(1)
  return accounts[0]!
}

/**
 * One JSON-RPC call with the page's fetch (kit's Node build of its RPC cannot run under happy-dom:
 * it hands happy-dom's AbortSignal to Node's setMaxListeners).
 */
async function call<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(validator.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result as T
}

const balance = async (address: Address): Promise<bigint> => BigInt((await call<{ value: number }>('getBalance', [address])).value)

async function transferMessage(from: Address, to: Address, amount: bigint): Promise<Uint8Array> {
  const { value } = await call<{ value: { blockhash: Blockhash; lastValidBlockHeight: number } }>('getLatestBlockhash')
  const blockhash = { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
  const transaction = compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      // The wallet signs as the source; the instruction only needs its address here.
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: { address: from } as never, destination: to, amount: lamports(amount) })], m),
    ),
  )
  return getTransactionEncoder().encode(transaction) as Uint8Array
}

describe('discovery', () => {
  it('is found by getWallets() with its name, icon, chains and features', () => {
    const wallet = discovered()
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual(expect.arrayContaining(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet', validator.caipNetworkId]))
    expect(Object.keys(wallet.features).sort()).toEqual(
      ['solana:signAndSendTransaction', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'].sort(),
    )
    expect(wallet.accounts).toEqual([])
    expect(window.__gangwayDevSolanaWallets?.[DEV_SOLANA_WALLET_NAME]).toBe(installed.handle)
  })

  it('is gone from getWallets() after uninstall, and registers again when installed again', async () => {
    const unregistered: string[] = []
    const off = getWallets().on('unregister', (...wallets) => unregistered.push(...wallets.map((w) => w.name)))
    installed.uninstall()
    off()
    expect(unregistered).toEqual([DEV_SOLANA_WALLET_NAME])
    expect(getWallets().get().filter((w) => w.name === DEV_SOLANA_WALLET_NAME)).toEqual([])
    installed = await installDevSolanaWallet({ rpcUrl: validator.rpcUrl, accounts: validator.accounts })
    expect(discovered()).toBe(installed.wallet)
  })
})

describe('connect', () => {
  it('asks, then gives the first dev account and tells listeners', async () => {
    const wallet = discovered()
    const changes: unknown[] = []
    wallet.features['standard:events'].on('change', (properties) => changes.push(properties.accounts?.map((a) => a.address)))
    const connecting = wallet.features['standard:connect'].connect()
    await expect.poll(() => installed.handle.pending()).toEqual(['standard:connect'])
    expect(document.querySelector('[data-devwallet="solana"]')?.shadowRoot?.textContent).toContain('standard:connect')
    expect(installed.handle.approveNext()).toBe(true)
    const { accounts } = await connecting
    expect(accounts.map((a) => a.address)).toEqual([validator.accounts[0]!.address])
    expect(accounts[0]!.features).toEqual(expect.arrayContaining(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']))
    expect([...accounts[0]!.publicKey]).toEqual([...validator.accounts[0]!.secretKey.slice(32)])
    expect(changes).toEqual([[validator.accounts[0]!.address]])
    expect(wallet.accounts).toEqual(accounts)
    expect(document.querySelector('[data-devwallet="solana"]')).toBeNull()
  })

  it('rejects with code 4001 when the user rejects, and stays disconnected', async () => {
    const wallet = discovered()
    installed.handle.rejectNext()
    const error = await wallet.features['standard:connect'].connect().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.accounts).toEqual([])
  })

  it('reconnects silently once authorised, and not before', async () => {
    const wallet = discovered()
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    expect(installed.handle.pending()).toEqual([])
    await connect(wallet)
    // A page reload: a new wallet object over the same storage.
    installed.uninstall()
    installed = await installDevSolanaWallet({ rpcUrl: validator.rpcUrl, accounts: validator.accounts })
    const reloaded = discovered()
    const { accounts } = await reloaded.features['standard:connect'].connect({ silent: true })
    expect(accounts.map((a) => a.address)).toEqual([validator.accounts[0]!.address])
    expect(installed.handle.pending()).toEqual([])
  })
})

describe('events', () => {
  it('tells the app of an account switch and of a disconnect from the wallet', async () => {
    const wallet = discovered()
    await connect(wallet)
    const changes: (string[] | undefined)[] = []
    const off = wallet.features['standard:events'].on('change', (properties) => changes.push(properties.accounts?.map((a) => a.address)))
    installed.handle.selectAccount(1)
    expect(wallet.accounts.map((a) => a.address)).toEqual([validator.accounts[1]!.address])
    installed.handle.selectAccount(validator.accounts[1]!.address) // the same one: no event
    installed.handle.disconnect()
    expect(wallet.accounts).toEqual([])
    off()
    installed.handle.selectAccount(2)
    expect(changes).toEqual([[validator.accounts[1]!.address], []])
  })

  it('disconnects on the app\'s request, after which signing is refused', async () => {
    const wallet = discovered()
    const account = await connect(wallet)
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    const error = await wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4100 })
  })
})

describe('signing', () => {
  it('signs a message that kit verifies with the account\'s public key', async () => {
    const wallet = discovered()
    const account = await connect(wallet)
    const message = new TextEncoder().encode('Sign in to Gangway')
    installed.handle.approveNext()
    const [output] = await wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    expect(output!.signatureType).toBe('ed25519')
    const key = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(key, output!.signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(key, output!.signature as SignatureBytes, new TextEncoder().encode('Sign in to Gangway!'))).toBe(false)
  })

  it('rejects a message signature with code 4001 when the user rejects', async () => {
    const wallet = discovered()
    const account = await connect(wallet)
    const signing = wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1, 2, 3]) })
    await expect.poll(() => installed.handle.pending()).toEqual(['solana:signMessage'])
    installed.handle.rejectNext()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('refuses an account that is not the connected one', async () => {
    const wallet = discovered()
    await connect(wallet)
    const other = { ...wallet.accounts[0]!, address: validator.accounts[1]!.address }
    await expect(wallet.features['solana:signMessage'].signMessage({ account: other, message: new Uint8Array([1]) })).rejects.toMatchObject({ code: 4100 })
  })

  it('signs a transaction the validator then accepts', async () => {
    const wallet = discovered()
    const account = await connect(wallet)
    const receiver = validator.accounts[2]!.address
    const before = await balance(receiver)
    installed.handle.approveNext()
    const [output] = await wallet.features['solana:signTransaction'].signTransaction({
      account,
      chain: 'solana:localnet',
      transaction: await transferMessage(account.address as Address, receiver, 1_000n),
    })
    const signed = getTransactionDecoder().decode(output!.signedTransaction)
    const signature = signed.signatures[account.address as Address]
    expect(signature).toBeTruthy()
    await call('sendTransaction', [getBase58Decoder().decode(output!.signedTransaction)])
    expect(await balance(receiver)).toBe(before + 1_000n)
  })

  it('signs and sends to the local validator, waiting for the commitment asked for', async () => {
    const wallet = discovered()
    installed.handle.selectAccount(1)
    const account = await connect(wallet)
    expect(account.address).toBe(validator.accounts[1]!.address)
    const receiver = validator.accounts[2]!.address
    const before = await balance(receiver)
    installed.handle.approveNext()
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: 'solana:localnet',
      transaction: await transferMessage(account.address as Address, receiver, 2_500n),
      options: { commitment: 'confirmed' },
    })
    const signature = getBase58Decoder().decode(output!.signature)
    const { value: statuses } = await call<{ value: unknown[] }>('getSignatureStatuses', [[signature]])
    expect(statuses[0]).toMatchObject({ err: null })
    expect(await balance(receiver)).toBe(before + 2_500n)
  })

  it('passes the validator\'s preflight error on, and refuses a chain it cannot send to', async () => {
    const wallet = discovered()
    const account = await connect(wallet)
    installed.handle.setAutoApprove(true)
    const tooMuch = await transferMessage(account.address as Address, validator.accounts[2]!.address, 10n ** 18n)
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:localnet', transaction: tooMuch }),
    ).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('Transaction simulation failed') })
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:mainnet', transaction: tooMuch }),
    ).rejects.toMatchObject({ code: -32602, message: 'The dev Solana wallet has no RPC for solana:mainnet.' })
  })
})
