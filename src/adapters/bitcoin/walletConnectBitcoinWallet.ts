/**
 * A WalletConnect session's `bip122` side as a Bitcoin wallet of the adapter (BitcoinWalletApi),
 * so the Bitcoin runtime (its PSBT building, answer checks, broadcast and confirmations over
 * Esplora) serves WalletConnect too instead of being written twice. Each call is one request of
 * Reown's Bitcoin RPC reference on the session's chain, naming the connected account (the payment
 * address, the account's first external address):
 *
 * - `signMessage` `{ account, address, message, protocol: 'bip322' }` → `{ signature }` (hex, as the
 *   reference says; base64 is taken too), handed on as base64
 * - `signPsbt` `{ account, psbt, signInputs: [{ address, index, sighashTypes? }], broadcast? }` → `{ psbt, txid? }`
 *
 * The accounts are the session's (checked: addresses of the network), their public keys and paths
 * from the session's `bip122_getAccountAddresses` property when the wallet set it. What the wallet
 * answers is outside input: junk is a WalletInvalidResponseError, a refusal a WalletRejectedError.
 * Loaded in the chunk of the Bitcoin runtime, on first use.
 */
import { base64, hex } from '@scure/base'
import { EMPTY, type Observable } from 'rxjs'
import type { CaipNetworkId, Network } from '../../core/domain/entities.js'
import { asProviderRefusal } from '../../core/errors/walletConnect.js'
import type { WalletProviderEvent } from '../../core/ports.js'
import { preview } from '../preview.js'
import type { WalletConnectProvider } from '../walletconnect/walletConnectProvider.js'
import { invalidBitcoinResponse, toBitcoinError, type BitcoinOperation } from './bitcoinErrors.js'
import { checkSignedPsbt, field, guarded, isTaprootAddress, junk, type BitcoinAccount, type BitcoinWalletApi, type PsbtRequest } from './bitcoinWallets.js'
import { isBitcoinAddress } from './isBitcoinAddress.js'

/** The session's Bitcoin side: its provider, granted accounts and chains, and the network requests go to. */
export type WalletConnectBitcoinSession = {
  provider: WalletConnectProvider
  /** The session's `bip122` addresses (checked only for their characters). */
  accounts: readonly string[]
  chains: readonly string[]
  /** The network requests name (one of `chains`). */
  network: Network
  /** The session's properties, as the provider keeps them (`bip122_getAccountAddresses`: JSON of the addresses). */
  sessionProperties?: Readonly<Record<string, unknown>> | undefined
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/
const PUBLIC_KEY = /^(?:[0-9a-fA-F]{64}|0[23][0-9a-fA-F]{64})$/
const PATH = /^m(?:\/\d{1,10}['hH]?){0,10}$/

/**
 * The session's Bitcoin accounts, of `network`: the payment one (a non-taproot address, else the
 * first) then the ordinals one (taproot), with public keys and paths from the session property.
 * Empty when the session has none of the network's addresses.
 *
 * @example
 * walletConnectBitcoinAccounts(session) // [{ address: 'bcrt1q…', type: 'payment', publicKey: '02…', path: "m/84'/1'/0'/0/0" }, …]
 */
export function walletConnectBitcoinAccounts(session: WalletConnectBitcoinSession): BitcoinAccount[] {
  const own = session.accounts.filter((a) => isBitcoinAddress(session.network, a))
  const payment = own.find((a) => !isTaprootAddress(a)) ?? own[0]
  if (payment === undefined) return []
  const ordinal = own.find((a) => a !== payment && isTaprootAddress(a))
  const described = describedAddresses(session.sessionProperties)
  const account = (address: string, type: BitcoinAccount['type']): BitcoinAccount => {
    const d = described.get(address)
    return { address, type, publicKey: d?.publicKey ?? '', ...(d?.path ? { path: d.path } : {}) }
  }
  return ordinal ? [account(payment, 'payment'), account(ordinal, 'ordinal')] : [account(payment, 'payment')]
}

/** The `bip122_getAccountAddresses` session property, read with care: address → public key and path. */
function describedAddresses(properties: Readonly<Record<string, unknown>> | undefined): Map<string, { publicKey?: string; path?: string }> {
  const out = new Map<string, { publicKey?: string; path?: string }>()
  const raw = properties?.bip122_getAccountAddresses
  if (typeof raw !== 'string' || raw.length > 100_000) return out
  let list: unknown
  try {
    list = JSON.parse(raw)
  } catch {
    return out
  }
  if (!Array.isArray(list)) return out
  for (const item of list.slice(0, 50)) {
    if (item === null || typeof item !== 'object') continue
    const { address, publicKey, path } = item as Record<string, unknown>
    if (typeof address !== 'string' || out.has(address)) continue
    out.set(address, {
      ...(typeof publicKey === 'string' && PUBLIC_KEY.test(publicKey) ? { publicKey: publicKey.toLowerCase() } : {}),
      ...(typeof path === 'string' && PATH.test(path) ? { path } : {}),
    })
  }
  return out
}

/**
 * The session as a Bitcoin wallet for the runtime and the adapter.
 *
 * @example
 * const txid = await runtime.sendTransfer(walletConnectBitcoinWallet(session), network, account, transfer)
 */
export function walletConnectBitcoinWallet(session: WalletConnectBitcoinSession): BitcoinWalletApi {
  const { provider, network } = session
  const accounts = walletConnectBitcoinAccounts(session)
  const account = accounts[0]?.address

  async function request(operation: BitcoinOperation, method: string, params: Record<string, unknown>): Promise<unknown> {
    if (account === undefined) throw invalidBitcoinResponse(operation, `the session has no address of ${network.caipNetworkId}`)
    try {
      return await provider.request<unknown>({ method, params: { account, ...params } }, network.caipNetworkId)
    } catch (error) {
      throw toBitcoinError(asProviderRefusal(error), operation)
    }
  }

  return {
    chains: () => [...session.chains] as CaipNetworkId[],
    connect: async () => accounts.map((a) => ({ ...a })),
    disconnect: async () => undefined,
    events: (): Observable<WalletProviderEvent> => EMPTY,
    signMessage: ({ address, message }) =>
      guarded('signMessage', async () => {
        const answer = await request('signMessage', 'signMessage', { address, message, protocol: 'bip322' })
        const signature = field(answer, 'signature')
        const signer = field(answer, 'address')
        if (signer !== undefined && signer !== address) junk(`the message was signed by ${preview(signer)}, not ${address}`)
        return signatureBase64(signature)
      }),
    signPsbt: ({ psbt, inputsToSign, broadcast }: PsbtRequest) =>
      guarded('signPsbt', async () => {
        const signInputs = inputsToSign.flatMap((i) => i.signingIndexes.map((index) => ({ address: i.address, index, ...(i.sigHash !== undefined ? { sighashTypes: [i.sigHash] } : {}) })))
        const answer = await request('signPsbt', 'signPsbt', { psbt, signInputs, ...(broadcast ? { broadcast: true } : {}) })
        return checkSignedPsbt(answer)
      }),
  }
}

/** A signature answered in hex (the reference) or base64 (some wallets), as base64. */
function signatureBase64(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 10_000) junk(`the signature ${preview(value)} is neither hex nor base64`)
  const text = value as string
  if (HEX.test(text)) return base64.encode(hex.decode(text.toLowerCase()))
  try {
    if (base64.decode(text).length > 0) return text
  } catch {
    // reported below
  }
  return junk(`the signature ${preview(value)} is neither hex nor base64`)
}
