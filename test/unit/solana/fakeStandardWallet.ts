// A Wallet Standard wallet for tests, backed by kit key pairs: connect (with `silent`),
// disconnect, `change` events, signMessage, signTransaction and (when given an RPC URL)
// signAndSendTransaction. Each feature's answer can be replaced (a refusal, junk) and every call
// is recorded. Registered through the real @wallet-standard/app registry; unregister in teardown.
import {
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getAddressEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'

export const FAKE_NAME = 'Fake Solana'
export const FAKE_ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
export const FAKE_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']

type Listener = (properties: unknown) => void
type Feature = 'connect' | 'disconnect' | 'signMessage' | 'signTransaction' | 'signAndSendTransaction'

export type FakeWallet = Awaited<ReturnType<typeof createFakeStandardWallet>>

/** The 32-byte seed of fake account `i` (fixed, so addresses are the same on every run). */
const seed = (i: number) => Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j * 7 + 1) & 0xff)

/** A user-rejection as many Solana wallets throw it. */
export const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

export async function createFakeStandardWallet(options: { name?: string; icon?: string; chains?: string[]; accounts?: number; rpcUrl?: string; features?: Feature[]; seeds?: Uint8Array[] } = {}) {
  const signers: KeyPairSigner[] = []
  // `seeds`: the accounts' own private key seeds (a dev account's, to hold its tokens).
  const seeds = options.seeds ?? Array.from({ length: options.accounts ?? 2 }, (_, i) => seed(i))
  for (const bytes of seeds) signers.push(await createKeyPairSignerFromPrivateKeyBytes(bytes))
  const chains = options.chains ?? FAKE_CHAINS
  const toAccount = (s: KeyPairSigner) => ({
    address: s.address as string,
    publicKey: getAddressEncoder().encode(s.address) as Uint8Array,
    chains,
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  })
  const listeners = new Set<Listener>()
  const calls: { feature: string; input: unknown }[] = []
  /** Replaced answers, used once each (a function: what the feature resolves with, or throws). */
  const next = new Map<Feature, (() => unknown)[]>()
  let authorized = false
  let selected = 0

  const answer = async <T>(feature: Feature, real: () => Promise<T> | T): Promise<unknown> => {
    const queued = next.get(feature)?.shift()
    if (queued) return queued()
    return real()
  }
  const emit = (properties: unknown) => {
    for (const listener of [...listeners]) listener(properties)
  }
  const accountsNow = () => (authorized ? [toAccount(signers[selected]!)] : [])
  const signerFor = (account: unknown) => {
    const address = (account as { address?: string } | null)?.address
    const signer = signers.find((s) => s.address === address)
    if (!authorized || !signer) throw Object.assign(new Error('not authorised'), { code: 4100 })
    return signer
  }
  const sign = async (input: { account: unknown; transaction: Uint8Array }) => {
    const signer = signerFor(input.account)
    const tx = getTransactionDecoder().decode(input.transaction) as Transaction
    return getTransactionEncoder().encode(await partiallySignTransaction([signer.keyPair], tx)) as Uint8Array
  }

  const allFeatures: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: { silent?: boolean }) => {
        calls.push({ feature: 'standard:connect', input })
        return answer('connect', () => {
          if (input?.silent) return { accounts: accountsNow() }
          authorized = true
          emit({ accounts: accountsNow() })
          return { accounts: accountsNow() }
        })
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        calls.push({ feature: 'standard:disconnect', input: undefined })
        return answer('disconnect', () => {
          authorized = false
        })
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (event: string, listener: Listener) => {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: { account: unknown; message: Uint8Array }[]) => {
        calls.push({ feature: 'solana:signMessage', input: inputs })
        return answer('signMessage', async () =>
          Promise.all(
            inputs.map(async (input) => ({
              signedMessage: input.message,
              signature: (await signBytes(signerFor(input.account).keyPair.privateKey, input.message)) as Uint8Array,
            })),
          ),
        )
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: { account: unknown; transaction: Uint8Array }[]) => {
        calls.push({ feature: 'solana:signTransaction', input: inputs })
        return answer('signTransaction', async () => Promise.all(inputs.map(async (input) => ({ signedTransaction: await sign(input) }))))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs: { account: unknown; transaction: Uint8Array; chain: string }[]) => {
        calls.push({ feature: 'solana:signAndSendTransaction', input: inputs })
        return answer('signAndSendTransaction', async () => {
          if (!options.rpcUrl) throw new Error('no RPC URL given to the fake wallet')
          const out = []
          for (const input of inputs) {
            const signed = await sign(input)
            const response = await fetch(options.rpcUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [getBase64Decoder().decode(signed), { encoding: 'base64' }] }),
            })
            const body = (await response.json()) as { result?: string; error?: { code: number; message: string } }
            if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
            out.push({ signature: getBase58Encoder().encode(body.result!) as Uint8Array })
          }
          return out
        })
      },
    },
  }
  const keep = options.features
  const features = Object.fromEntries(
    Object.entries(allFeatures).filter(([name]) => {
      if (!keep || name === 'standard:connect' || name === 'standard:events') return true
      return keep.some((f) => name.endsWith(`:${f}`))
    }),
  )

  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? FAKE_NAME,
    icon: (options.icon ?? FAKE_ICON) as `data:image/svg+xml;base64,${string}`,
    chains,
    features,
    get accounts() {
      return accountsNow()
    },
  }

  let unregister: (() => void) | null = null
  return {
    wallet,
    signers,
    calls,
    addresses: signers.map((s) => s.address as string),
    /** Registers with the page's Wallet Standard registry (the real one of @wallet-standard/app). */
    register() {
      unregister = getWallets().register(wallet as never)
      return this
    },
    unregister() {
      unregister?.()
      unregister = null
    },
    /** The next call of `feature` answers with (or throws) what `fn` gives. */
    answerNext(feature: Feature, fn: () => unknown) {
      next.set(feature, [...(next.get(feature) ?? []), fn])
    },
    /** The site is authorised already (a silent connect answers its account). */
    authorize() {
      authorized = true
    },
    select(i: number) {
      selected = i
      if (authorized) emit({ accounts: accountsNow() })
    },
    revoke() {
      authorized = false
      emit({ accounts: [] })
    },
    emit,
    listenerCount: () => listeners.size,
  }
}
