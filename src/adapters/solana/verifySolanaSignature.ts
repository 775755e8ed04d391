import { address, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit'

/**
 * Whether the Ed25519 `signature` of `data` is `addr`'s (kit over WebCrypto). Null when this
 * browser cannot tell (WebCrypto without Ed25519, or an address that is no key): the signature
 * is then taken as the wallet gave it.
 *
 * @example
 * if ((await verifies(account, signature, message)) === false) throw invalidSolanaResponse(...)
 */
export async function verifies(addr: string, signature: Uint8Array, data: Parameters<typeof verifySignature>[2]): Promise<boolean | null> {
  let key: CryptoKey
  try {
    key = await getPublicKeyFromAddress(address(addr))
  } catch {
    return null
  }
  try {
    return await verifySignature(key, signature as SignatureBytes, data)
  } catch {
    return null
  }
}
