// The WalletConnect adapter's Solana side on a fake universal provider: what it proposes, what it
// asks the wallet, and what it makes of the wallet's answers (good ones, refusals and junk).
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
  partiallySignTransaction,
  signBytes,
  verifySignature,
  type KeyPairSigner,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import { firstValueFrom, take, toArray } from 'rxjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createWalletConnectAdapter } from '../../../../src/adapters/walletconnect/createWalletConnectAdapter'
import { createLazyWalletConnectAdapter } from '../../../../src/adapters/walletconnect/createLazyWalletConnectAdapter'
import { createFakeProvider } from '../../wcAdapter/fakeProvider'
import { evmNetwork, keys, SOLANA_CHAIN, solanaNetwork, solanaSession, transferTransaction } from './solanaFixture'

let owner: KeyPairSigner
let other: KeyPairSigner

beforeAll(async () => {
  ;({ owner, other } = await keys())
})

const messageOf = (params: unknown) => getBase58Encoder().encode((params as { message: string }).message)
const sign = async (signer: KeyPairSigner, bytes: Parameters<typeof signBytes>[1]) => getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, bytes))
const decodeTx = (base64: string) => getTransactionDecoder().decode(getBase64Encoder().encode(base64)) as Transaction
const encodeTx = (tx: Transaction) => getBase64Decoder().decode(getTransactionEncoder().encode(tx))

/** What a refused or junk answer rejects with, as data. */
const failure = (p: Promise<unknown>) => p.then(() => null, (e: { name: string; shortMessage: string; details?: string }) => ({ name: e.name, shortMessage: e.shortMessage, details: e.details }))

describe('the session proposal', () => {
  const proposed = async (networks: Parameters<typeof createWalletConnectAdapter>[0]['networks']) => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks, prefetch: false, loadProvider: async () => fake.provider })
    void adapter.connect('walletConnect').catch(() => undefined)
    await new Promise((r) => setTimeout(r, 0))
    return fake.pending[0]!.params
  }

  it('an app with Solana networks asks for the solana namespace: its chain, methods and the RPC keyed by genesis prefix', async () => {
    const params = await proposed([evmNetwork, solanaNetwork])
    expect(Object.keys(params.optionalNamespaces)).toEqual(['eip155', 'solana'])
    expect(params.optionalNamespaces.solana).toEqual({
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
      events: ['accountsChanged', 'chainChanged'],
      chains: [SOLANA_CHAIN],
      rpcMap: { [SOLANA_CHAIN.slice('solana:'.length)]: 'http://127.0.0.1:1' },
    })
  })

  it('an app with EVM networks only proposes no solana namespace', async () => {
    const params = await proposed([evmNetwork])
    expect(Object.keys(params.optionalNamespaces)).toEqual(['eip155'])
  })
})

describe('the Solana side of the session', () => {
  it('lists WalletConnect in the solana namespace, reconnects from the session and stands on its chain', async () => {
    const { side } = solanaSession(owner.address, () => null)
    expect((await firstValueFrom(side.connectors()))[0]).toMatchObject({ id: 'walletConnect', chain: 'solana', chains: [SOLANA_CHAIN], type: 'WALLET_CONNECT' })
    expect(await side.reconnect('walletConnect')).toEqual({ accounts: [{ address: owner.address, type: 'eoa' }], caipNetworkId: SOLANA_CHAIN })
    await expect(side.switchNetwork('walletConnect', { ...solanaNetwork, caipNetworkId: 'solana:elsewhere' })).rejects.toMatchObject({ shortMessage: 'Chain is not supported' })
  })

  it('signs a message with solana_signMessage on the session chain; kit verifies it', async () => {
    const { side, solanaRequests } = solanaSession(owner.address, async ({ params }) => ({ signature: await sign(owner, messageOf(params)) }))
    const signature = await side.signMessage('walletConnect', { address: owner.address, message: 'hello' })
    expect(solanaRequests).toEqual([{ method: 'solana_signMessage', params: { message: getBase58Decoder().decode(getUtf8Encoder().encode('hello')), pubkey: owner.address }, chain: SOLANA_CHAIN }])
    const key = await getPublicKeyFromAddress(owner.address)
    expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, getUtf8Encoder().encode('hello'))).toBe(true)
  })

  it.each([
    ['a signature that is not base58', () => ({ signature: '0OIl not base58' }), /signature .* is not a 64-byte signature/],
    ['a signature of 32 bytes', () => ({ signature: getBase58Decoder().decode(new Uint8Array(32).fill(1)) }), /of 32 bytes is not a 64-byte signature/],
    ['no answer object', () => null, /is not a 64-byte signature/],
    ['the signature of another account', async (params: unknown) => ({ signature: await sign(other, messageOf(params)) }), /the signature is not .*'s/],
  ])('junk: %s is "Error signing message" with the reason', async (_name, answer, reason) => {
    const { side } = solanaSession(owner.address, ({ params }) => answer(params))
    const error = await failure(side.signMessage('walletConnect', { address: owner.address, message: 'hello' }))
    expect(error).toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
    expect(error!.details).toMatch(reason)
  })

  it('a refusal (the SDK code 5000, or EIP-1193 4001) is WalletRejectedError "Error signing message"', async () => {
    for (const refusal of [{ code: 5000, message: 'User rejected.' }, { code: 4001, message: 'User rejected the request.' }]) {
      const { side } = solanaSession(owner.address, () => Promise.reject(refusal))
      expect(await failure(side.signMessage('walletConnect', { address: owner.address, message: 'x' }))).toMatchObject({ name: 'WalletRejectedError', shortMessage: 'Error signing message' })
    }
  })

  it('an account outside the session is refused before anything is asked', async () => {
    const { side, solanaRequests } = solanaSession(owner.address, () => null)
    expect(await failure(side.signMessage('walletConnect', { address: other.address, message: 'x' }))).toMatchObject({ name: 'WalletUnauthorizedError' })
    expect(solanaRequests).toEqual([])
  })

  it('solana_signTransaction: a signature alone or a signed transaction, each checked against the transaction asked for', async () => {
    const transaction = transferTransaction(owner.address)
    const signedByOwner = encodeTx(await partiallySignTransaction([owner.keyPair], decodeTx(transaction)))
    for (const answer of [
      async () => ({ signature: getBase58Decoder().decode((await partiallySignTransaction([owner.keyPair], decodeTx(transaction))).signatures[owner.address]!) }),
      () => ({ transaction: signedByOwner }),
    ]) {
      const { side, solanaRequests } = solanaSession(owner.address, answer)
      expect(await side.solana!.signTransaction('walletConnect', { address: owner.address, transaction })).toBe(signedByOwner)
      expect(solanaRequests).toEqual([{ method: 'solana_signTransaction', params: { transaction }, chain: SOLANA_CHAIN }])
    }
  })

  it.each([
    ['another transaction, signed', async () => ({ transaction: encodeTx(await partiallySignTransaction([owner.keyPair], decodeTx(transferTransaction(owner.address, 999_999n)))) })],
    ['the transaction with another key\'s signature', async () => ({ signature: await sign(other, decodeTx(transferTransaction(owner.address)).messageBytes) })],
    ['a transaction that is not base64', () => ({ transaction: '%%%' })],
    ['bytes that are no transaction', () => ({ transaction: 'AAAA' })],
    ['the transaction unsigned', () => ({ transaction: transferTransaction(owner.address) })],
    ['nothing', () => ({})],
  ])('junk from solana_signTransaction (%s) is WalletInvalidResponseError', async (_name, answer) => {
    const { side } = solanaSession(owner.address, answer)
    expect(await failure(side.solana!.signTransaction('walletConnect', { address: owner.address, transaction: transferTransaction(owner.address) }))).toMatchObject({
      name: 'WalletInvalidResponseError',
      shortMessage: 'Error signing message',
    })
  })

  it('without a Solana adapter to lend it kit, the Solana side refuses to sign with "Chain adapter not found"', async () => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks: [evmNetwork, solanaNetwork], prefetch: false, loadProvider: async () => fake.provider })
    expect(await failure(adapter.solanaAdapter().signMessage('walletConnect', { address: owner.address, message: 'hi' }))).toMatchObject({
      name: 'ChainAdapterNotFoundError',
      shortMessage: 'Chain adapter not found',
    })
  })

  it('a connect whose session has no Solana account fails with "Failed to connect"', async () => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks: [evmNetwork, solanaNetwork], prefetch: false, loadProvider: async () => fake.provider })
    const connecting = failure(adapter.solanaAdapter().connect('walletConnect'))
    await new Promise((r) => setTimeout(r, 0))
    fake.pending[0]!.approve(fake.session(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], ['eip155:31337']))
    expect(await connecting).toMatchObject({ shortMessage: 'Failed to connect', details: 'the wallet approved no solana account' })
  })

  it('a connect asked in Solana (a Connect opened for Solana) pairs once: the Solana account connects, and the EVM side reads its account from the same session', async () => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks: [evmNetwork, solanaNetwork], prefetch: false, loadProvider: async () => fake.provider })
    const connecting = adapter.solanaAdapter().connect('walletConnect')
    await new Promise((r) => setTimeout(r, 0))
    const evm = fake.session(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], ['eip155:31337'])
    fake.pending[0]!.approve({
      ...evm,
      namespaces: { ...evm.namespaces, solana: { chains: [SOLANA_CHAIN], accounts: [`${SOLANA_CHAIN}:${owner.address}`], methods: ['solana_signMessage'], events: [] } },
    })
    expect(await connecting).toEqual({ accounts: [{ address: owner.address, type: 'eoa' }], caipNetworkId: SOLANA_CHAIN })
    expect(fake.pending).toHaveLength(1)
    expect((await adapter.reconnect('walletConnect'))?.accounts).toEqual([{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }])
  })

  it('the wallet deleting the session disconnects the Solana side; an update with other accounts is reported', async () => {
    const { fake, side } = solanaSession(owner.address, () => null)
    const events = firstValueFrom(side.events('walletConnect').pipe(take(2), toArray()))
    await new Promise((r) => setTimeout(r, 0))
    fake.provider.session!.namespaces.solana!.accounts = [`${SOLANA_CHAIN}:${other.address}`]
    fake.emit('session_update', {})
    fake.emit('session_delete', {})
    expect(await events).toEqual([{ type: 'accountsChanged', accounts: [{ address: other.address, type: 'eoa' }] }, expect.objectContaining({ type: 'disconnect' })])
  })

  it('the lazy adapter lists the Solana connector at once and loads the WalletConnect adapter only for its calls', async () => {
    const fake = createFakeProvider()
    let loads = 0
    const lazy = createLazyWalletConnectAdapter({ projectId: 'test', networks: [evmNetwork, solanaNetwork], prefetch: false, loadProvider: async () => (loads++, fake.provider) })
    const side = lazy.solanaAdapter()
    expect(lazy.solanaAdapter()).toBe(side)
    expect((await firstValueFrom(side.connectors())).map((c) => [c.id, c.chain])).toEqual([['walletConnect', 'solana']])
    await side.disconnect('walletConnect')
    expect(loads).toBe(0)
    expect(await side.reconnect('walletConnect')).toBeNull()
    expect(loads).toBe(1)
  })
})
