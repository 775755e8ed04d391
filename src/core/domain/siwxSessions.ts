/**
 * Hosted sign-in sessions (`/v1/sessions/{address}`): what the gateway lists and the text a wallet
 * signs to revoke one. The gateway rebuilds the same text from the path's address and the body's
 * `pci`, so both sides share this function.
 */

/** A sign-in session as the gateway lists it (no signature). */
export type HostedSession = {
  /** The session id (`pci` of the revoke call). */
  id: string
  /** CAIP-2 network the message was signed for. */
  chainId: string
  domain: string
  uri: string
  /** ISO 8601. */
  issuedAt: string
  /** ISO 8601, or null for a session without expiry. */
  expirationTime: string | null
}

/**
 * The message whose signature revokes session `pci` of `address`: an EVM address lower-cased
 * (its case is a checksum), a Solana address as it is (base58 is case-sensitive).
 *
 * @example
 * revokeSessionMessage('0xAbC…', 's_1') // 'Revoke sign-in session s_1\nAddress: 0xabc…'
 */
export function revokeSessionMessage(address: string, pci: string): string {
  return `Revoke sign-in session ${pci}\nAddress: ${address.startsWith('0x') ? address.toLowerCase() : address}`
}
