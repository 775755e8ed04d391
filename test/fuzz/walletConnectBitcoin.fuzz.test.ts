// Fuzz: the WalletConnect bip122 boundary from both ends.
// - What a dApp sends the dev WalletConnect wallet's Bitcoin side (`executeBitcoinRequest`, once
//   approved): whatever the method and params, it rejects with a JSON-RPC error (integer code,
//   a message) and never signs junk: malformed or foreign PSBTs, inputs of other addresses or
//   out of range, another account, messages that are not text, unknown protocols, legacy
//   signatures of the taproot key.
// - What a wallet answers the modal's WalletConnect Bitcoin facade: a signature or signed PSBT
//   that is junk is a WalletInvalidResponseError with the operation's message, never anything else.
import { base64 } from '@scure/base'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { devBitcoinAccount, REGTEST_CAIP2 } from '../../dev/bitcoin/devAccounts'
import { bitcoinWalletKeys, executeBitcoinRequest } from '../../dev/wallet/walletBitcoin'
import { WalletRpcError } from '../../dev/wallet/walletRequests'
import { bitcoinRegtest } from '../../src/adapters/bitcoin/defineBitcoinNetwork'
import { walletConnectBitcoinWallet } from '../../src/adapters/bitcoin/walletConnectBitcoinWallet'
import { GangwayError } from '../../src/core/errors/base'
import { junkPsbt, ownPsbt } from './bitcoinArbitraries'
import { fuzzParams } from './fuzzParams'

const own = devBitcoinAccount(0)
const other = devBitcoinAccount(1)
const keys = bitcoinWalletKeys()
// Nothing listens there: a request that got as far as the network would fail, and none should.
const context = { keys, esploraUrl: 'http://127.0.0.1:9' }
const METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const

const anyAddress = fc.oneof(fc.constantFrom(own.payment.address, own.ordinals.address, other.payment.address, other.ordinals.address, 'bcrt1qinvalid', ''), fc.string(), fc.anything())
const account = fc.oneof({ weight: 3, arbitrary: fc.constant(own.payment.address) }, { weight: 1, arbitrary: anyAddress })


/** signInputs that do not name the own PSBT's inputs rightly. */
const junkSignInputs = fc.oneof(
  fc.constant([{ address: own.payment.address, index: 1 }]),
  fc.constant([{ address: own.ordinals.address, index: 0 }]),
  fc.constant([]),
  fc.array(fc.record({ address: fc.constant(own.payment.address), index: fc.oneof(fc.integer({ min: 2 }), fc.integer({ max: -1 }), fc.double().filter((d) => !Number.isInteger(d)), fc.string()) }), { minLength: 1, maxLength: 3 }),
  fc.array(fc.record({ address: anyAddress.filter((a) => a !== own.payment.address && a !== own.ordinals.address), index: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 3 }),
  fc.constant([{ address: own.payment.address, index: 0, sighashTypes: [1, 2] }]),
  fc.anything(),
)

const request = fc.oneof(
  fc.record({ method: fc.oneof(fc.constantFrom(...METHODS), fc.string()), params: fc.anything() }),
  fc.record({
    method: fc.constant('signPsbt'),
    params: fc.oneof(
      fc.record({ account, psbt: junkPsbt, signInputs: fc.constant([{ address: own.payment.address, index: 0 }]) }),
      fc.record({ account, psbt: fc.constant(ownPsbt), signInputs: junkSignInputs, broadcast: fc.option(fc.anything(), { nil: undefined }) }),
    ),
  }),
  fc.record({
    method: fc.constant('signMessage'),
    params: fc.oneof(
      fc.record({ account, message: fc.anything().filter((m) => typeof m !== 'string'), protocol: fc.constant('bip322') }),
      // An absent address is the payment one's (the reference's optional field); any other must be the wallet's.
      fc.record({ account, address: anyAddress.filter((a) => a !== undefined && a !== own.payment.address && a !== own.ordinals.address), message: fc.string(), protocol: fc.constant('bip322') }),
      fc.record({ account, message: fc.string(), protocol: fc.oneof(fc.string().filter((p) => p !== 'bip322' && p !== 'ecdsa'), fc.anything().filter((p) => p !== undefined && p !== 'bip322' && p !== 'ecdsa')) }),
      // Legacy signatures of the taproot (ordinals) key: there are none.
      fc.record({ account, address: fc.constant(own.ordinals.address), message: fc.string(), protocol: fc.constant('ecdsa') }),
      fc.record({ account: anyAddress.filter((a) => a !== own.payment.address), message: fc.string(), protocol: fc.constant('bip322') }),
    ),
  }),
  fc.record({
    method: fc.constant('sendTransfer'),
    params: fc.record({ account, recipientAddress: anyAddress, amount: fc.oneof(fc.anything().filter((a) => typeof a !== 'string'), fc.string().filter((a) => !/^[1-9][0-9]{0,15}$/.test(a))) }),
  }),
)

describe('WalletConnect bip122: the dev wallet request boundary', () => {
  it('junk is answered with a JSON-RPC error and is never signed', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, params }) => {
        const outcome = await executeBitcoinRequest({ method: method as string, params }, context).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        )
        // Only a read of the wallet's own addresses may succeed.
        if ('result' in outcome) {
          expect(method).toBe('getAccountAddresses')
          expect(JSON.stringify(outcome.result)).not.toContain('signature')
          return
        }
        expect(outcome.error).toBeInstanceOf(WalletRpcError)
        const error = outcome.error as WalletRpcError
        expect(Number.isInteger(error.code)).toBe(true)
        expect(error.message.length).toBeGreaterThan(0)
      }),
      fuzzParams('walletConnect bip122 wallet requests', 300),
    )
  })
})

describe('WalletConnect bip122: what a wallet answers the modal', () => {
  const answer = fc.oneof(
    fc.anything(),
    fc.record({ signature: fc.oneof(fc.string(), fc.anything()), address: fc.oneof(fc.constant(own.payment.address), anyAddress) }),
    fc.record({ psbt: fc.oneof(fc.string(), fc.anything()), txid: fc.option(fc.oneof(fc.string(), fc.anything()), { nil: undefined }) }),
  )

  it('junk answers are WalletInvalidResponseError (or the wallet’s error), with the operation’s message', async () => {
    await fc.assert(
      fc.asyncProperty(answer, fc.boolean(), async (reply, signing) => {
        const provider = { request: async () => reply } as never
        const wallet = walletConnectBitcoinWallet({
          provider,
          accounts: [own.payment.address, own.ordinals.address],
          chains: [REGTEST_CAIP2],
          network: bitcoinRegtest,
        })
        const outcome = await (signing
          ? wallet.signMessage({ address: own.payment.address, message: 'hi' })
          : wallet.signPsbt({ psbt: ownPsbt, inputsToSign: [{ address: own.payment.address, signingIndexes: [0] }] })
        ).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
        if ('value' in outcome) {
          // Accepted only when well formed: base64 (from hex or base64) or a base64 PSBT.
          if (signing) expect(base64.decode(outcome.value as string).length).toBeGreaterThan(0)
          else expect(base64.decode((outcome.value as { psbt: string }).psbt)).toBeInstanceOf(Uint8Array)
          return
        }
        expect(outcome.error).toBeInstanceOf(GangwayError)
        expect((outcome.error as GangwayError).shortMessage).toBe('Error signing message')
      }),
      fuzzParams('walletConnect bip122 wallet answers', 300),
    )
  })
})
