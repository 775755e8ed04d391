/**
 * Sign-in messages (SIWX: CAIP-122, written as EIP-4361 text). `createSiwxMessage` checks the
 * fields of spec §3, `serializeSiwxMessage` writes the exact text a wallet signs and
 * `parseSiwxMessage` reads it back. For `eip155` the text is a Sign-In with Ethereum message
 * that viem's `parseSiweMessage` / `verifySiweMessage` accept; for `solana` it is CAIP-122's
 * Solana profile (Sign-In With Solana's text, "… with your Solana account:", a base58 address,
 * the CAIP-2 reference as its chain id), signed as UTF-8 bytes with Ed25519.
 */
import { checksumAddress } from 'viem'
import { InvalidSiwxMessageError, SiwxOptionsConflictError } from '../errors/domain.js'
import { isEvmAddress, isSolanaAddress } from './address.js'
import { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip.js'
import { isSiwxDateTime, isSiwxDomain, isSiwxNonce, isSiwxRequestId, isSiwxStatement, isSiwxUri } from './siwxGrammar.js'
import type { CaipNetworkId, ChainNamespace, SiwxMessage } from './entities.js'

/** The fields a message is built from (everything but the serialised text). */
export type SiwxMessageFields = Omit<SiwxMessage, 'serializedMessage'>

/** The chain names CAIP-122 puts in the first line, per namespace. */
export const SIWX_CHAIN_NAMES: Readonly<Record<ChainNamespace, string>> = /* @__PURE__ */ Object.freeze({
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
})

const NO_SPACE = /^[^\s]+$/
// CAIP-2's reference: what a "Chain ID" line may hold in any namespace.
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/** Why a field's value is refused, as the error's details say it. */
const RULES = {
  chainId: 'a CAIP-2 network id (reference of 1 to 32 of [-_a-zA-Z0-9]); on eip155 a decimal chain id without leading zeros, at most 2^53 - 1',
  domain: 'a host name or IPv4 address with an optional port: no scheme, path, user or spaces',
  accountAddress: 'the account address without spaces; on eip155 a 0x-prefixed 20-byte address; on solana a base58 32-byte address',
  statement: 'one line of printable ASCII without " % < > \\ ^ ` { | } (EIP-4361 statement)',
  uri: 'an RFC 3986 URI',
  version: "'1'",
  nonce: 'at least 8 letters or digits',
  issuedAt: 'an RFC 3339 date-time',
  expirationTime: 'an RFC 3339 date-time',
  notBefore: 'an RFC 3339 date-time',
  requestId: 'one or more RFC 3986 path characters (EIP-4361 request-id)',
  resources: 'RFC 3986 URIs',
} as const satisfies Partial<Record<keyof SiwxMessageFields, string>>

/**
 * Throws `InvalidSiwxMessageError` naming the first field outside EIP-4361's grammar (CAIP-122
 * shares it), with the value and the rule it breaks.
 */
function check(fields: SiwxMessageFields): void {
  const fail = (field: keyof typeof RULES, value: unknown): never => {
    // Characters outside printable ASCII are written as escapes, so a line separator shows.
    const shown = JSON.stringify(value)?.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    throw new InvalidSiwxMessageError(`${field}: ${shown} is not ${RULES[field]}`)
  }
  if (!isCaipNetworkId(fields.chainId)) fail('chainId', fields.chainId)
  const { namespace, reference } = parseCaipNetworkId(fields.chainId)
  if (!CAIP2_REFERENCE.test(reference)) fail('chainId', fields.chainId)
  // viem reads the chain id as a Number: one it cannot hold exactly would read back as another.
  if (namespace === 'eip155' && !(/^(?:0|[1-9][0-9]*)$/.test(reference) && Number.isSafeInteger(Number(reference)))) fail('chainId', fields.chainId)
  if (!isSiwxDomain(fields.domain)) fail('domain', fields.domain)
  if (typeof fields.accountAddress !== 'string' || !NO_SPACE.test(fields.accountAddress)) fail('accountAddress', fields.accountAddress)
  if (namespace === 'eip155' && !(isEvmAddress(fields.accountAddress) && fields.accountAddress.startsWith('0x'))) {
    fail('accountAddress', fields.accountAddress)
  }
  // Sign-In With Solana: 32 to 44 base58 characters; a key, so 32 bytes (checked with @scure/base).
  if (namespace === 'solana' && !isSolanaAddress(fields.accountAddress)) fail('accountAddress', fields.accountAddress)
  if (fields.statement !== undefined && !isSiwxStatement(fields.statement)) fail('statement', fields.statement)
  if (!isSiwxUri(fields.uri)) fail('uri', fields.uri)
  if (fields.version !== '1') fail('version', fields.version)
  if (!isSiwxNonce(fields.nonce)) fail('nonce', fields.nonce)
  if (!isSiwxDateTime(fields.issuedAt)) fail('issuedAt', fields.issuedAt)
  if (fields.expirationTime !== undefined && !isSiwxDateTime(fields.expirationTime)) fail('expirationTime', fields.expirationTime)
  if (fields.notBefore !== undefined && !isSiwxDateTime(fields.notBefore)) fail('notBefore', fields.notBefore)
  if (fields.requestId !== undefined && !isSiwxRequestId(fields.requestId)) fail('requestId', fields.requestId)
  if (fields.resources !== undefined && !Array.isArray(fields.resources)) fail('resources', fields.resources)
  for (const resource of fields.resources ?? []) if (!isSiwxUri(resource)) fail('resources', resource)
}

function fieldsOf(message: SiwxMessage | SiwxMessageFields): SiwxMessageFields {
  const { serializedMessage: _, ...fields } = message as SiwxMessage
  // EIP-4361: an Ethereum address is written with its EIP-55 checksum.
  if (fields.chainId?.startsWith('eip155:') && isEvmAddress(fields.accountAddress) && fields.accountAddress.startsWith('0x')) {
    fields.accountAddress = checksumAddress(fields.accountAddress as `0x${string}`)
  }
  // Keys present with `undefined` are the same as absent keys; so is an empty list of resources,
  // which viem reads back as none.
  for (const key of Object.keys(fields) as (keyof SiwxMessageFields)[]) if (fields[key] === undefined) delete fields[key]
  if (Array.isArray(fields.resources) && fields.resources.length === 0) delete fields.resources
  return fields
}

/**
 * Writes the exact text to sign. Throws 'Invalid SIWX message' when a field is outside
 * EIP-4361's grammar (a domain with a scheme or path, a statement with a line break of any kind,
 * a request id with a space, …); for eip155 what it writes viem's `parseSiweMessage` reads back
 * field for field.
 *
 * @example
 * serializeSiwxMessage(message)
 * // 'example.com wants you to sign in with your Ethereum account:\n0x…\n\nSign in\n\nURI: https://example.com\n…'
 */
export function serializeSiwxMessage(message: SiwxMessage | SiwxMessageFields): string {
  const m = fieldsOf(message)
  check(m)
  const { namespace, reference } = parseCaipNetworkId(m.chainId)
  const lines = [
    `${m.domain} wants you to sign in with your ${SIWX_CHAIN_NAMES[namespace]} account:`,
    m.accountAddress,
    '',
    ...(m.statement !== undefined ? [m.statement, ''] : ['']),
    `URI: ${m.uri}`,
    `Version: ${m.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt}`,
  ]
  if (m.expirationTime !== undefined) lines.push(`Expiration Time: ${m.expirationTime}`)
  if (m.notBefore !== undefined) lines.push(`Not Before: ${m.notBefore}`)
  if (m.requestId !== undefined) lines.push(`Request ID: ${m.requestId}`)
  if (m.resources !== undefined) lines.push('Resources:', ...m.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/**
 * Builds a sign-in message from its fields, checked, with its serialised text.
 *
 * @example
 * createSiwxMessage({
 *   accountAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chainId: 'eip155:1',
 *   domain: 'example.com', uri: 'https://example.com', version: '1', nonce: 'abcdef12',
 *   issuedAt: '2025-01-01T00:00:00.000Z',
 * }).serializedMessage
 */
export function createSiwxMessage(fields: SiwxMessageFields): SiwxMessage {
  const serializedMessage = serializeSiwxMessage(fields)
  return { ...fieldsOf(fields), serializedMessage }
}

const NAMESPACE_OF_NAME = new Map(Object.entries(SIWX_CHAIN_NAMES).map(([ns, name]) => [name, ns as ChainNamespace]))

/**
 * Reads a sign-in message text back into its fields (with `serializedMessage` set to the
 * text). Throws 'Invalid SIWX message' for any text this module would not write.
 *
 * @example
 * parseSiwxMessage(createSiwxMessage(fields).serializedMessage)
 */
export function parseSiwxMessage(text: string): SiwxMessage {
  const lines = text.split('\n')
  let i = 0
  const next = () => lines[i++]
  const fail = (why: string): never => {
    throw new InvalidSiwxMessageError(`${why} (line ${i})`)
  }
  const header = /^(\S+) wants you to sign in with your (\w+) account:$/.exec(next() ?? '') ?? fail('header')
  const domain = header[1] as string
  const namespace = NAMESPACE_OF_NAME.get(header[2] as string) ?? fail(`unknown chain name ${header[2]}`)
  const accountAddress = next() ?? fail('address')
  if (next() !== '') fail('blank line after the address')
  let statement: string | undefined
  const afterAddress = next() ?? fail('statement')
  if (afterAddress !== '') {
    statement = afterAddress
    if (next() !== '') fail('blank line after the statement')
  }
  const field = (label: string): string => {
    const line = next()
    if (line === undefined || !line.startsWith(`${label}: `)) return fail(`expected "${label}: "`)
    return line.slice(label.length + 2)
  }
  const optional = (label: string): string | undefined => {
    if (lines[i]?.startsWith(`${label}: `)) return field(label)
    return undefined
  }
  const uri = field('URI')
  const version = field('Version')
  const reference = field('Chain ID')
  const nonce = field('Nonce')
  const issuedAt = field('Issued At')
  const expirationTime = optional('Expiration Time')
  const notBefore = optional('Not Before')
  const requestId = optional('Request ID')
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    i++
    resources = []
    while (i < lines.length && lines[i]?.startsWith('- ')) resources.push((next() as string).slice(2))
  }
  if (i !== lines.length) fail('unexpected text')
  const message: SiwxMessageFields = {
    accountAddress,
    chainId: `${namespace}:${reference}` as CaipNetworkId,
    domain,
    uri,
    version,
    nonce,
    issuedAt,
    ...(statement !== undefined ? { statement } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
  check(message)
  return { ...message, serializedMessage: text }
}

/**
 * Whether a message (or a stored session's message) is valid at `now` (ms): before its
 * expiration time and not before its not-before time.
 *
 * @example
 * isSiwxMessageCurrent(Date.parse('2025-01-01T00:00:00Z'), session.data)
 */
export function isSiwxMessageCurrent(now: number, message: Pick<SiwxMessage, 'expirationTime' | 'notBefore'>): boolean {
  if (message.expirationTime !== undefined && !(now < Date.parse(message.expirationTime))) return false
  if (message.notBefore !== undefined && !(now >= Date.parse(message.notBefore))) return false
  return true
}

/** The namespaces whose accounts sign in (SIWXSignMessage, sessions): EIP-4361 on eip155, Sign-In With Solana on solana. */
export const SIWX_NAMESPACES: readonly ChainNamespace[] = /* @__PURE__ */ Object.freeze(['eip155', 'solana'])

/**
 * The parts of a CAIP-10 account that signs in, or null when it is not one (malformed, or of a
 * namespace without sign-in).
 *
 * @example
 * siwxAccountOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')
 * // { namespace: 'solana', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: 'So111…112' }
 */
export function siwxAccountOf(caipAddress: string): { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; address: string } | null {
  if (!isCaipAddress(caipAddress)) return null
  const { namespace, caipNetworkId, address } = parseCaipAddress(caipAddress)
  return SIWX_NAMESPACES.includes(namespace) ? { namespace, caipNetworkId, address } : null
}

/**
 * Whether the one-step WalletConnect sign-in applies: only when every requested chain is eip155.
 *
 * @example
 * isWalletConnectSignInApplicable(['eip155:1', 'eip155:8453']) // true
 */
export function isWalletConnectSignInApplicable(chains: readonly string[]): boolean {
  return chains.length > 0 && chains.every((c) => c.startsWith('eip155:'))
}

/**
 * The error for host options that set both `siweConfig` and `siwx`, or `null`.
 *
 * @example
 * siwxOptionsError({ siweConfig: {}, siwx: {} })?.shortMessage // 'Cannot set both siweConfig and siwx options'
 */
export function siwxOptionsError(options: { siweConfig?: unknown; siwx?: unknown }): SiwxOptionsConflictError | null {
  return options.siweConfig != null && options.siwx != null ? new SiwxOptionsConflictError() : null
}
