// Accounts as Solana's RPC answers them: `{ data, executable, lamports, owner, rentEpoch, space }`
// with the data in the requested encoding; `jsonParsed` for SPL Token accounts and mints (the
// shape Agave's account decoder gives), base64 for anything it cannot parse, as a cluster does.
import { getBase58Decoder, getBase64Decoder, unwrapOption, type Address, type EncodedAccount } from '@solana/kit'
import { AccountState, getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { invalidParams } from './jsonRpc'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

export type AccountEncoding = 'base58' | 'base64' | 'jsonParsed' | 'binary'

export type DataSlice = { offset: number; length: number }

/** Solana's rent epoch of a rent-exempt account (u64::MAX). */
const RENT_EXEMPT_EPOCH = 2n ** 64n - 1n

/** Above this, base58 account data is refused, as Agave does. */
const MAX_BASE58_BYTES = 128

export type TokenAmount = { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string }

/** A base-unit amount with its decimals, as `tokenAmount` / getTokenAccountBalance write it. */
export function tokenAmount(amount: bigint, decimals: number): TokenAmount {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction === '' ? whole : `${whole}.${fraction}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS
}

/** The decoded SPL Token account, or null when `account` is not one. */
export function decodeTokenAccount(account: EncodedAccount) {
  if (!isTokenProgram(account.programAddress) || account.data.length < getTokenSize()) return null
  // Token-2022 accounts carry extensions after the 165 base bytes, behind an account-type byte (2).
  if (account.data.length > getTokenSize() && account.data[getTokenSize()] !== 2) return null
  try {
    const token = getTokenDecoder().decode(account.data)
    return token.state === AccountState.Uninitialized ? null : token
  } catch {
    return null
  }
}

/** The decoded SPL Token mint, or null when `account` is not one. */
export function decodeMintAccount(account: EncodedAccount) {
  if (!isTokenProgram(account.programAddress) || account.data.length < getMintSize()) return null
  if (account.data.length > getMintSize() && (account.data.length <= getTokenSize() || account.data[getTokenSize()] !== 1)) return null
  try {
    const mint = getMintDecoder().decode(account.data)
    return mint.isInitialized ? mint : null
  } catch {
    return null
  }
}

function parsed(account: EncodedAccount, mintOf: (mint: Address) => EncodedAccount | null): Record<string, unknown> | null {
  const program = account.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
  const token = decodeTokenAccount(account)
  if (token !== null) {
    const mintAccount = mintOf(token.mint)
    const mint = mintAccount === null ? null : decodeMintAccount(mintAccount)
    // Agave cannot parse a token account whose mint it cannot read.
    if (mint === null) return null
    const native = unwrapOption(token.isNative)
    const delegate = unwrapOption(token.delegate)
    const closeAuthority = unwrapOption(token.closeAuthority)
    return {
      program,
      parsed: {
        type: 'account',
        info: {
          isNative: native !== null,
          mint: token.mint,
          owner: token.owner,
          state: token.state === AccountState.Frozen ? 'frozen' : 'initialized',
          tokenAmount: tokenAmount(token.amount, mint.decimals),
          ...(delegate !== null ? { delegate, delegatedAmount: tokenAmount(token.delegatedAmount, mint.decimals) } : {}),
          ...(closeAuthority !== null ? { closeAuthority } : {}),
          ...(native !== null ? { rentExemptReserve: tokenAmount(native, mint.decimals) } : {}),
        },
      },
      space: account.data.length,
    }
  }
  const mint = decodeMintAccount(account)
  if (mint !== null) {
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: unwrapOption(mint.freezeAuthority),
          isInitialized: true,
          mintAuthority: unwrapOption(mint.mintAuthority),
          supply: mint.supply.toString(),
        },
      },
      space: account.data.length,
    }
  }
  return null
}

/**
 * An account as the RPC answers it in `encoding` (default `binary`: a bare base58 string,
 * Solana's legacy default).
 *
 * @example
 * encodeAccount(ledger.account(address)!, 'base64', undefined, (mint) => ledger.account(mint))
 * // { data: ['AAAA…', 'base64'], executable: false, lamports: 1000000000n, owner: '1111…', rentEpoch: 2n ** 64n - 1n, space: 0n }
 */
export function encodeAccount(
  account: EncodedAccount,
  encoding: AccountEncoding = 'binary',
  dataSlice: DataSlice | undefined,
  mintOf: (mint: Address) => EncodedAccount | null,
): Record<string, unknown> {
  const common = { executable: account.executable, lamports: account.lamports, owner: account.programAddress, rentEpoch: RENT_EXEMPT_EPOCH, space: BigInt(account.data.length) }
  if (encoding === 'jsonParsed') {
    const json = parsed(account, mintOf)
    if (json !== null) return { data: json, ...common }
    return { data: [getBase64Decoder().decode(account.data), 'base64'], ...common }
  }
  const bytes = dataSlice === undefined ? account.data : account.data.slice(dataSlice.offset, dataSlice.offset + dataSlice.length)
  if (encoding === 'base64') return { data: [getBase64Decoder().decode(bytes), 'base64'], ...common }
  if (bytes.length > MAX_BASE58_BYTES) throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
  const base58 = getBase58Decoder().decode(bytes)
  return { data: encoding === 'base58' ? [base58, 'base58'] : base58, ...common }
}
