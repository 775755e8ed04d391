import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, getUtf8Encoder, signBytes, verifySignature } from '@solana/kit'
import { createPublicClient, custom } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import type { SiwxMessage } from '../../../../src/core/domain/entities.js'
import {
  createSiwxMessage,
  isSiwxMessageCurrent,
  isWalletConnectSignInApplicable,
  parseSiwxMessage,
  serializeSiwxMessage,
  siwxAccountOf,
  siwxOptionsError,
  type SiwxMessageFields,
} from '../../../../src/core/domain/siwx.js'
import { InvalidSiwxMessageError } from '../../../../src/core/errors/domain.js'

// A fixed, well-known test key (the first hardhat account): tests stay deterministic.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
// No network: any RPC call fails, so viem falls back to ECDSA recovery for the EOA signature.
const client = createPublicClient({
  transport: custom({
    request: async () => {
      throw new Error('offline')
    },
  }),
})

const fields: SiwxMessageFields = {
  accountAddress: account.address,
  chainId: 'eip155:1',
  domain: 'example.com',
  uri: 'https://example.com/login',
  version: '1',
  nonce: 'abc123XYZ789',
  statement: 'Sign in to Example.',
  issuedAt: '2025-01-01T00:00:00.000Z',
  expirationTime: '2025-01-02T00:00:00.000Z',
  notBefore: '2024-12-31T23:00:00.000Z',
  requestId: 'req-42',
  resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq', 'https://example.com/terms'],
}

async function verifies(message: string, signature: `0x${string}`, extra: { domain?: string; nonce?: string; time?: Date } = {}) {
  try {
    return await verifySiweMessage(client, { message, signature, ...extra })
  } catch {
    return false
  }
}

describe('serializeSiwxMessage (EIP-4361)', () => {
  it('writes exactly what viem writes, with every field', () => {
    const text = serializeSiwxMessage(fields)
    expect(text).toBe(
      createSiweMessage({
        address: account.address,
        chainId: 1,
        domain: 'example.com',
        uri: 'https://example.com/login',
        version: '1',
        nonce: 'abc123XYZ789',
        statement: 'Sign in to Example.',
        issuedAt: new Date('2025-01-01T00:00:00.000Z'),
        expirationTime: new Date('2025-01-02T00:00:00.000Z'),
        notBefore: new Date('2024-12-31T23:00:00.000Z'),
        requestId: 'req-42',
        resources: fields.resources,
      }),
    )
    expect(text).toMatchInlineSnapshot(`
      "example.com wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

      Sign in to Example.

      URI: https://example.com/login
      Version: 1
      Chain ID: 1
      Nonce: abc123XYZ789
      Issued At: 2025-01-01T00:00:00.000Z
      Expiration Time: 2025-01-02T00:00:00.000Z
      Not Before: 2024-12-31T23:00:00.000Z
      Request ID: req-42
      Resources:
      - ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq
      - https://example.com/terms"
    `)
  })

  it('writes exactly what viem writes with only the required fields', () => {
    const minimal: SiwxMessageFields = {
      accountAddress: account.address.toLowerCase(),
      chainId: 'eip155:8453',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: '12345678',
      issuedAt: '2025-06-01T12:30:00.000Z',
    }
    expect(serializeSiwxMessage(minimal)).toBe(
      createSiweMessage({
        address: account.address,
        chainId: 8453,
        domain: 'localhost:5173',
        uri: 'http://localhost:5173',
        version: '1',
        nonce: '12345678',
        issuedAt: new Date('2025-06-01T12:30:00.000Z'),
      }),
    )
  })

  it('is read back by viem parseSiweMessage', () => {
    const parsed = parseSiweMessage(serializeSiwxMessage(fields))
    expect(parsed).toEqual({
      address: account.address,
      chainId: 1,
      domain: 'example.com',
      uri: 'https://example.com/login',
      version: '1',
      nonce: 'abc123XYZ789',
      statement: 'Sign in to Example.',
      issuedAt: new Date(fields.issuedAt),
      expirationTime: new Date(fields.expirationTime as string),
      notBefore: new Date(fields.notBefore as string),
      requestId: 'req-42',
      resources: fields.resources,
    })
  })

  it('writes CAIP-122 text for other namespaces', () => {
    const text = serializeSiwxMessage({
      ...fields,
      accountAddress: 'So11111111111111111111111111111111111111112',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      resources: undefined,
      notBefore: undefined,
      requestId: undefined,
    })
    expect(text.split('\n').slice(0, 2)).toEqual([
      'example.com wants you to sign in with your Solana account:',
      'So11111111111111111111111111111111111111112',
    ])
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
  })
})

describe('signing with a local account', () => {
  it('a message this code writes verifies with viem verifySiweMessage', async () => {
    const message = createSiwxMessage(fields).serializedMessage as string
    const signature = await account.signMessage({ message })
    const time = new Date('2025-01-01T12:00:00.000Z')
    expect(await verifies(message, signature, { domain: 'example.com', nonce: 'abc123XYZ789', time })).toBe(true)
  })

  it('and is rejected with another domain, nonce, time, text or signer', async () => {
    const message = createSiwxMessage(fields).serializedMessage as string
    const signature = await account.signMessage({ message })
    const time = new Date('2025-01-01T12:00:00.000Z')
    expect(await verifies(message, signature, { domain: 'evil.com', time })).toBe(false)
    expect(await verifies(message, signature, { nonce: 'zzzzzzzz', time })).toBe(false)
    expect(await verifies(message, signature, { time: new Date('2025-01-02T00:00:00.000Z') })).toBe(false)
    expect(await verifies(message, signature, { time: new Date('2024-12-31T22:59:59.999Z') })).toBe(false)
    expect(await verifies(message.replace('Sign in to Example.', 'Sign in to Evil.'), signature, { time })).toBe(false)
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    expect(await verifies(message, await other.signMessage({ message }), { time })).toBe(false)
  })
})

describe('createSiwxMessage / parseSiwxMessage', () => {
  it('round-trips, checksumming the Ethereum address', () => {
    const created = createSiwxMessage({ ...fields, accountAddress: account.address.toLowerCase() })
    expect(created.accountAddress).toBe(account.address)
    expect(parseSiwxMessage(created.serializedMessage as string)).toEqual(created)
  })

  it('treats undefined optional fields as absent', () => {
    const created = createSiwxMessage({ ...fields, statement: undefined, resources: undefined })
    expect('statement' in created).toBe(false)
    expect(created.serializedMessage).toContain(`${account.address}\n\n\nURI: `)
    expect(parseSiwxMessage(created.serializedMessage as string)).toEqual(created)
  })

  it('writes an empty resource list as none (viem reads a bare "Resources:" back as none)', () => {
    const created = createSiwxMessage({ ...fields, resources: [] })
    expect('resources' in created).toBe(false)
    expect(created.serializedMessage).not.toContain('Resources:')
    expect(parseSiweMessage(created.serializedMessage as string).resources).toBeUndefined()
    // A text another program wrote with an empty section still reads.
    expect(parseSiwxMessage(`${created.serializedMessage}\nResources:`).resources).toEqual([])
  })

  it('says which field is outside the grammar, its value and the rule', () => {
    const details = (patch: Partial<SiwxMessage>) => {
      try {
        createSiwxMessage({ ...fields, ...patch })
      } catch (e) {
        return (e as InvalidSiwxMessageError).details
      }
      return 'accepted'
    }
    expect(details({ domain: 'https://example.com' })).toMatchInlineSnapshot(`"domain: "https://example.com" is not a host name or IPv4 address with an optional port: no scheme, path, user or spaces"`)
    expect(details({ statement: 'Sign in\u2028now' })).toMatchInlineSnapshot(`"statement: "Sign in\\u2028now" is not one line of printable ASCII without " % < > \\ ^ \` { | } (EIP-4361 statement)"`)
    expect(details({ requestId: 'req 42' })).toMatchInlineSnapshot(`"requestId: "req 42" is not one or more RFC 3986 path characters (EIP-4361 request-id)"`)
  })

  it.each<[string, Partial<SiwxMessage>]>([
    ['chainId', { chainId: 'eip155' as never }],
    ['chainId', { chainId: 'eip155:0x1' }],
    ['domain', { domain: 'exa mple.com' }],
    ['domain', { domain: 'https://example.com' }],
    ['domain', { domain: 'example.com/login' }],
    ['domain', { domain: 'user@example.com' }],
    ['domain', { domain: 'example.com:' }],
    ['chainId', { chainId: 'eip155:01' }],
    ['chainId', { chainId: 'eip155:9007199254740993' }],
    ['statement', { statement: 'two\rlines' }],
    ['statement', { statement: 'two\u2028lines' }],
    ['statement', { statement: 'two\u2029lines' }],
    ['statement', { statement: 'two\u0085lines' }],
    ['statement', { statement: 'Café' }],
    ['statement', { statement: 'Say "hi"' }],
    ['uri', { uri: 'https://example.com/a b' }],
    ['uri', { uri: 'https://example.com/\u0085' }],
    ['uri', { uri: 'https://exa%mple.com' }],
    ['requestId', { requestId: 'req 42' }],
    ['requestId', { requestId: 'req/42' }],
    ['requestId', { requestId: 'req\u2028' }],
    ['requestId', { requestId: '' }],
    ['issuedAt', { issuedAt: '2025-02-30T00:00:00Z' }],
    ['issuedAt', { issuedAt: '2025-01-01T24:00:00Z' }],
    ['issuedAt', { issuedAt: '2016-12-31T23:59:60Z' }],
    ['accountAddress', { accountAddress: '0x1234' }],
    ['accountAddress', { accountAddress: account.address.slice(2) }],
    ['statement', { statement: 'two\nlines' }],
    ['statement', { statement: '' }],
    ['uri', { uri: 'not a uri' }],
    ['version', { version: '2' }],
    ['nonce', { nonce: 'short' }],
    ['nonce', { nonce: 'has-dash-1234' }],
    ['issuedAt', { issuedAt: '2025-01-01' }],
    ['expirationTime', { expirationTime: 'tomorrow' }],
    ['notBefore', { notBefore: '2025-13-01T00:00:00Z' }],
    ['requestId', { requestId: 'a\nb' }],
    ['resources', { resources: ['https://ok.example', 'bad resource'] }],
  ])('rejects a bad %s', (field, patch) => {
    expect(() => createSiwxMessage({ ...fields, ...patch })).toThrow(InvalidSiwxMessageError)
    try {
      createSiwxMessage({ ...fields, ...patch })
    } catch (e) {
      expect((e as InvalidSiwxMessageError).shortMessage).toBe('Invalid SIWX message')
      expect((e as InvalidSiwxMessageError).details?.startsWith(`${field}:`)).toBe(true)
    }
  })

  it.each([
    ['', 'empty text'],
    ['example.com wants you to sign in with your Dogecoin account:\nD123', 'unknown chain'],
    [`${serializeSiwxMessage(fields)}\n`, 'trailing newline'],
    [serializeSiwxMessage(fields).replace('\nVersion: 1', ''), 'missing version'],
    [serializeSiwxMessage(fields).replace('Nonce: ', 'Nonce:'), 'malformed label'],
    [serializeSiwxMessage(fields).replace('Request ID: req-42\n', ''), 'fine without request id'],
  ])('parse rejects malformed text (%#: %s)', (text, label) => {
    if (label === 'fine without request id') expect(parseSiwxMessage(text).requestId).toBeUndefined()
    else expect(() => parseSiwxMessage(text)).toThrow('Invalid SIWX message')
  })
})

describe('session rules', () => {
  it('a message is current from not-before until (excluding) expiration', () => {
    const at = (iso: string) => Date.parse(iso)
    expect(isSiwxMessageCurrent(at('2024-12-31T22:59:59.999Z'), fields)).toBe(false)
    expect(isSiwxMessageCurrent(at('2024-12-31T23:00:00.000Z'), fields)).toBe(true)
    expect(isSiwxMessageCurrent(at('2025-01-01T23:59:59.999Z'), fields)).toBe(true)
    expect(isSiwxMessageCurrent(at('2025-01-02T00:00:00.000Z'), fields)).toBe(false)
    expect(isSiwxMessageCurrent(0, {})).toBe(true)
  })

  it('WalletConnect one-step sign-in applies only when all chains are eip155', () => {
    expect(isWalletConnectSignInApplicable(['eip155:1', 'eip155:8453'])).toBe(true)
    expect(isWalletConnectSignInApplicable(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toBe(false)
    expect(isWalletConnectSignInApplicable([])).toBe(false)
  })

  it('siweConfig and siwx together are rejected', () => {
    expect(siwxOptionsError({ siweConfig: {}, siwx: {} })?.shortMessage).toBe('Cannot set both siweConfig and siwx options')
    expect(siwxOptionsError({ siwx: {} })).toBeNull()
    expect(siwxOptionsError({ siweConfig: {} })).toBeNull()
  })
})

describe('Sign-In With Solana (CAIP-122 solana profile)', () => {
  // A fixed Ed25519 key (32 bytes of 7) made by @solana/kit, so the address is stable.
  const keys = createKeyPairFromPrivateKeyBytes(new Uint8Array(32).fill(7))
  // The EVM fields' domain, URI, nonce, statement and times, without the optional rest.
  const solana = async (patch: Partial<SiwxMessageFields> = {}): Promise<SiwxMessageFields> => ({
    ...fields,
    accountAddress: await getAddressFromPublicKey((await keys).publicKey),
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    notBefore: undefined,
    requestId: undefined,
    resources: undefined,
    ...patch,
  })

  it('writes the Solana header, the base58 address as given and the CAIP-2 reference as the chain id', async () => {
    const fields = await solana()
    const text = serializeSiwxMessage(fields)
    expect(text).toBe(
      [
        'example.com wants you to sign in with your Solana account:',
        fields.accountAddress,
        '',
        'Sign in to Example.',
        '',
        'URI: https://example.com/login',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: abc123XYZ789',
        'Issued At: 2025-01-01T00:00:00.000Z',
        'Expiration Time: 2025-01-02T00:00:00.000Z',
      ].join('\n'),
    )
  })

  it('round-trips every field, the address keeping its case', async () => {
    const fields = await solana({ notBefore: '2024-12-31T23:00:00.000Z', requestId: 'req-42', resources: ['https://example.com/terms'] })
    const created = createSiwxMessage(fields)
    expect(created.accountAddress).toBe(fields.accountAddress)
    expect(parseSiwxMessage(created.serializedMessage as string)).toEqual(created)
    const minimal = createSiwxMessage(await solana({ statement: undefined, expirationTime: undefined, chainId: 'solana:localnet' }))
    expect(parseSiwxMessage(minimal.serializedMessage as string)).toEqual(minimal)
  })

  it("its UTF-8 bytes signed with the account's Ed25519 key verify with kit, and not once changed", async () => {
    const { privateKey, publicKey } = await keys
    const text = createSiwxMessage(await solana()).serializedMessage as string
    const signature = await signBytes(privateKey, getUtf8Encoder().encode(text))
    expect(await verifySignature(publicKey, signature, getUtf8Encoder().encode(text))).toBe(true)
    expect(await verifySignature(publicKey, signature, getUtf8Encoder().encode(text.replace('example.com wants', 'evil.example wants')))).toBe(false)
  })

  it.each<[string, Partial<SiwxMessageFields>]>([
    ['accountAddress', { accountAddress: account.address }],
    ['accountAddress', { accountAddress: 'So1111111111111111111111111111111111111111O' }],
    ['accountAddress', { accountAddress: '1111111111111111111111111111111' }],
    ['accountAddress', { accountAddress: `${'z'.repeat(44)}` }],
    ['accountAddress', { accountAddress: 'So11111111111111111111111111111111111111112\n' }],
    ['chainId', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp5eykt4UsFv8P8' as never }],
    ['chainId', { chainId: 'solana:main net' as never }],
    ['chainId', { chainId: 'solana:main\nnet' as never }],
    ['domain', { domain: 'https://example.com' }],
    ['statement', { statement: 'Sign in\u2029now' }],
    ['requestId', { requestId: 'a b' }],
  ])('refuses a bad %s', async (field, patch) => {
    const fields = await solana(patch)
    expect(() => createSiwxMessage(fields)).toThrow(InvalidSiwxMessageError)
    try {
      serializeSiwxMessage(fields)
    } catch (e) {
      expect((e as InvalidSiwxMessageError).details?.startsWith(`${field}:`)).toBe(true)
    }
  })

  it('parse refuses a Solana text with an address that is no key or an EVM address', async () => {
    const text = createSiwxMessage(await solana()).serializedMessage as string
    const [header, address] = text.split('\n')
    expect(() => parseSiwxMessage(text.replace(address!, account.address))).toThrow('Invalid SIWX message')
    expect(() => parseSiwxMessage(text.replace(address!, `${address!.slice(0, -1)}0`))).toThrow('Invalid SIWX message')
    expect(() => parseSiwxMessage(text.replace(header!, header!.replace('Solana', 'Ethereum')))).toThrow('Invalid SIWX message')
  })
})

describe('siwxAccountOf', () => {
  it('reads the accounts that sign in (eip155, solana) and nothing else', () => {
    expect(siwxAccountOf(`eip155:1:${account.address}`)).toEqual({ namespace: 'eip155', caipNetworkId: 'eip155:1', address: account.address })
    expect(siwxAccountOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')).toEqual({
      namespace: 'solana',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'So11111111111111111111111111111111111111112',
    })
    expect(siwxAccountOf('bip122:000000000019d6689c085ae165831e93:bc1qxyz')).toBeNull()
    expect(siwxAccountOf('solana:only-two')).toBeNull()
  })
})
