import type { ChainAdapter, Eip1193Provider, WalletReceipt } from '../../../../../src/core/ports'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { stateAfter } from '../../../../support/stateAfter'
import { reply, replyError } from '../../../../support/runEffect'
import { ACCOUNT } from '../fakes'

export { ACCOUNT }

/** A wallet's answer: a value after `ms` virtual ms, or an EIP-1193 error `{ code, message }`. */
export type Answer = { value: unknown; ms?: number } | { error: { code: number; message: string }; ms?: number }

/**
 * An EVM adapter whose connector's EIP-1193 provider answers each method from `answers` (a
 * function of the params, or a fixed answer); every request is recorded as `[method, params]`.
 *
 * @example
 * const { adapter, requests } = callsWallet({ wallet_sendCalls: { value: { id: '0x01' } } })
 */
export function callsWallet(
  answers: Record<string, Answer | ((params: unknown[]) => Answer)>,
  more: { sendTransaction?: (tx: unknown) => Promise<string>; waitForReceipt?: (hash: string) => Promise<WalletReceipt> } = {},
) {
  const requests: [string, unknown[]][] = []
  const sent: unknown[] = []
  const provider: Eip1193Provider = {
    request: ({ method, params }) => {
      const p = (params ?? []) as unknown[]
      requests.push([method, p])
      const given = answers[method]
      const answer = typeof given === 'function' ? given(p) : given
      if (!answer) return replyError({ code: 4200, message: `The requested method is not supported: ${method}` })
      return 'error' in answer ? replyError(answer.error, answer.ms ?? 0) : reply(answer.value, answer.ms ?? 0)
    },
  }
  const adapter = {
    namespace: 'eip155',
    waitForReceipt: (_network: unknown, hash: string) => (more.waitForReceipt ? more.waitForReceipt(hash) : replyError(new Error('unexpected call: waitForReceipt'))),
    evm: {
      getProvider: async () => provider,
      sendTransaction: (_connectorId: string, _network: unknown, tx: unknown) => (sent.push(tx), more.sendTransaction ? more.sendTransaction(tx) : replyError(new Error('unexpected call: sendTransaction'))),
      signTypedData: () => replyError(new Error('unexpected call: signTypedData')),
    },
  } as unknown as ChainAdapter
  return { adapter, requests, sent }
}

/** Connected with ACCOUNT on network 1 of TEST_SETTINGS (connector `a`). */
export const connectedOnOne = () =>
  stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])

export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const HASH_A = `0x${'a'.repeat(64)}`
export const HASH_B = `0x${'b'.repeat(64)}`
