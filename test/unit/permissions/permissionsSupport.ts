import type { Eip1193Provider } from '../../../src/core/ports'
import type { ModalOptions } from '../../../src/createModal'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { smartSessions } from '../../../src/features/smartSessions'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../connection/support'

export { ACCOUNT_A }

/** The session account the tests ask permissions for. */
export const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const MANAGER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3'
export const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** A wallet's answer to a method: a value, or a thrown EIP-1193 error. */
export type Answer = (params: unknown) => unknown

/** What an ERC-7715 wallet grants for `requests`: each request with a context and the delegation manager. */
export const grantAll: Answer = (params) =>
  (params as Record<string, unknown>[]).map((r, i) => ({ ...r, context: `0xc0${i}`, delegationManager: MANAGER, dependencies: [] }))

/**
 * A wallet answer that refuses as the visitor would (4001) until `accept()`, then answers as
 * `answer` does.
 */
export function refusingFirst(answer: Answer): { answer: Answer; accept(): void } {
  let refusing = true
  return {
    answer: (params) => {
      if (refusing) throw { code: 4001, message: 'User rejected the request.' }
      return answer(params)
    },
    accept: () => void (refusing = false),
  }
}

/**
 * A modal with smartSessions() (unless `options.modules` says otherwise) connected to fake wallet
 * 'a' on eip155:1, whose provider answers from `answers` (4200 for any other method); every
 * request is recorded as `[method, params]`.
 */
export async function connectedModal(answers: Record<string, Answer>, options: Partial<ModalOptions> = {}, kv = createMemoryKeyValue()) {
  const requests: [string, unknown][] = []
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      requests.push([method, params])
      const answer = answers[method]
      if (!answer) throw { code: 4200, message: `unsupported: ${method}` }
      return answer(params)
    },
  }
  const fake = createFakeChainAdapter()
  ;(fake.adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [smartSessions()], ...options }, kv)
  const c = t.modal.connect('a')
  fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
  await c
  await t.modal.whenLoaded()
  await t.time.advanceBy(0)
  // What the modal asks on its own as the wallet connects (what it granted; whether it lists its assets) is not the visitor's doing.
  const own = ['wallet_getGrantedExecutionPermissions', 'wallet_getCapabilities']
  return { ...t, fake, requests, kv, asked: () => requests.map(([m]) => m).filter((m) => !own.includes(m)) }
}
