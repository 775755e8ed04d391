// A WalletConnect adapter on the fake universal provider, with a session granting a Solana
// account whose key the test holds, and a wire transaction that needs that account's signature.
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { transferSolInstruction } from '../../../../src/adapters/solana/createSolanaRuntime'
import { createSolanaAdapter } from '../../../../src/adapters/solana/createSolanaAdapter'
import { solanaLocalnet } from '../../../../src/adapters/solana/defineSolanaNetwork'
import { createWalletConnectAdapter } from '../../../../src/adapters/walletconnect/createWalletConnectAdapter'
import type { Network } from '../../../../src/core/domain/entities'
import { createFakeProvider } from '../../wcAdapter/fakeProvider'

export const SOLANA_CHAIN = 'solana:GangwayTestCluster1111111111111'
export const evmNetwork = defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:1' })
export const solanaNetwork: Network = solanaLocalnet('http://127.0.0.1:1', { caipNetworkId: SOLANA_CHAIN })

const seed = (n: number) => new Uint8Array(32).fill(n)

/** The account the session grants and another key (a wallet answering for the wrong account). */
export async function keys(): Promise<{ owner: KeyPairSigner; other: KeyPairSigner }> {
  return { owner: await createKeyPairSignerFromPrivateKeyBytes(seed(7)), other: await createKeyPairSignerFromPrivateKeyBytes(seed(9)) }
}

/** A base64 wire transaction moving `lamports` from `from` (fee payer, the signer it needs). */
export function transferTransaction(from: string, lamports = 1000n): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: getBase58Decoder().decode(new Uint8Array(32).fill(3)) as Blockhash, lastValidBlockHeight: 100n }, m),
    (m) => appendTransactionMessageInstruction(transferSolInstruction(address(from), address(from), lamports), m),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

/**
 * The adapter and its Solana side on the fake provider, with a live session granting eip155 and
 * `owner` on the Solana chain; `answer` answers each Solana request (a function of it).
 */
export function solanaSession(owner: string, answer: (request: { method: string; params?: unknown }) => unknown, networks: Network[] = [evmNetwork, solanaNetwork]) {
  const fake = createFakeProvider()
  const solanaRequests: { method: string; params?: unknown; chain?: string | undefined }[] = []
  const request = fake.provider.request.bind(fake.provider)
  fake.provider.request = async <T,>(args: { method: string; params?: unknown }, chain?: string): Promise<T> => {
    if (!args.method.startsWith('solana_')) return request<T>(args, chain)
    solanaRequests.push({ method: args.method, params: args.params, chain })
    return (await answer(args)) as T
  }
  fake.provider.session = {
    topic: 'topic-solana',
    expiry: Math.floor(Date.now() / 1000) + 86_400,
    namespaces: {
      eip155: { chains: ['eip155:31337'], accounts: ['eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], methods: ['personal_sign'], events: [] },
      solana: { chains: [SOLANA_CHAIN], accounts: [`${SOLANA_CHAIN}:${owner}`], methods: ['solana_signMessage', 'solana_signTransaction'], events: [] },
    },
  }
  const adapter = createWalletConnectAdapter({ projectId: 'test', networks, prefetch: false, loadProvider: async () => fake.provider })
  // The Solana adapter lends the WalletConnect side its runtime (kit).
  const lender = createSolanaAdapter({ networks: networks.filter((n) => n.chainNamespace === 'solana') })
  return { fake, adapter, side: adapter.solanaAdapter(lender), solanaRequests }
}
