import { getAddress, verifyMessage, type Hex } from 'viem'
import type { SiwxMessage, SiwxSession } from '../../core/domain/entities.js'
import { parseSiwxMessage } from '../../core/domain/siwx.js'
import { missingPeer } from '../optionalPeer.js'

/** A CACAO as a wallet returns it for a one-step sign-in (the fields read here). */
type Cacao = {
  p: { iss: string; domain: string; aud?: string; uri?: string; nonce: string; iat: string; exp?: string; nbf?: string; statement?: string; requestId?: string; resources?: string[]; version?: string }
  s: { t: string; s: string }
}

/**
 * The sign-in sessions a one-step WalletConnect sign-in produced, one per chain: each CACAO's
 * message rebuilt as the wallet signed it and its signature checked against the signing
 * account. Expected to match the request: `request.nonce` and `request.domain` (a CACAO for
 * another request is dropped). Signatures that do not verify are dropped too.
 *
 * @example
 * const sessions = await signInSessions(session.authentication, { domain: location.host, nonce })
 */
export async function signInSessions(
  cacaos: readonly unknown[],
  request?: { domain: string; nonce: string },
): Promise<{ caipAddress: string; session: SiwxSession }[]> {
  // Loaded with the provider's chunk: it formats the message exactly as the wallet SDK did.
  let utils: typeof import('@walletconnect/utils')
  // In a try block of its own: webpack and Turbopack then build a host that did not install it.
  try {
    utils = await import('@walletconnect/utils')
  } catch (error) {
    throw missingPeer(error, '@walletconnect/utils', 'WalletConnect sign-in')
  }
  const { formatMessage } = utils
  const out: { caipAddress: string; session: SiwxSession }[] = []
  for (const raw of cacaos) {
    const cacao = raw as Cacao
    const parts = cacao?.p?.iss?.split(':') ?? []
    // did:pkh:eip155:{chainId}:{address}
    if (parts.length !== 5 || parts[2] !== 'eip155' || cacao.s?.t !== 'eip191') continue
    if (request && (cacao.p.nonce !== request.nonce || cacao.p.domain !== request.domain)) continue
    const address = getAddress(parts[4] as string)
    let message: string
    try {
      message = formatMessage(cacao.p as never, cacao.p.iss)
    } catch {
      continue
    }
    const valid = await verifyMessage({ address, message, signature: cacao.s.s as Hex }).catch(() => false)
    if (!valid) continue
    const caipNetworkId = `eip155:${parts[3]}` as const
    out.push({
      caipAddress: `${caipNetworkId}:${address}`,
      session: { data: messageData(message, cacao, caipNetworkId, address), message, signature: cacao.s.s, cacao },
    })
  }
  return out
}

function messageData(message: string, cacao: Cacao, chainId: `eip155:${string}`, accountAddress: string): SiwxMessage {
  try {
    return parseSiwxMessage(message)
  } catch {
    // A wallet's statement may carry text this product's parser does not read: keep the fields as sent.
    const p = cacao.p
    const data: SiwxMessage = {
      accountAddress,
      chainId,
      domain: p.domain,
      uri: p.aud ?? p.uri ?? '',
      version: p.version ?? '1',
      nonce: p.nonce,
      issuedAt: p.iat,
      serializedMessage: message,
    }
    if (p.statement) data.statement = p.statement
    if (p.exp) data.expirationTime = p.exp
    if (p.nbf) data.notBefore = p.nbf
    if (p.requestId) data.requestId = p.requestId
    if (p.resources) data.resources = p.resources
    return data
  }
}
