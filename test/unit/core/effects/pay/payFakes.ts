import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { balanceFetched } from '../../../../../src/core/events/connection/balance'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { payExchangesFetched, payExchangesRequested, payRequested } from '../../../../../src/core/events/pay/pay'
import type { ModalState } from '../../../../../src/core/state'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

export { ACCOUNT }

/** Who is paid in the tests. */
export const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
export const GUSD = { symbol: 'GUSD', decimals: 6, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }
export const ETH = { symbol: 'ETH', decimals: 18, name: 'Ether' }
export const HASH = `0x${'ab'.repeat(32)}`

const ON = { settings: { features: { pay: true } } }

/** The wallet `a` connected with ACCOUNT on `chain` (eip155:1 by default), holding `eth` ETH when given. */
export const connected = (chain = 'eip155:1', eth?: string): EventInput[] => [
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: chain }),
  ...(eth !== undefined ? [balanceFetched({ caipAddress: `${chain}:${ACCOUNT}`, balance: eth, symbol: 'ETH' })] : []),
]

/** Payment `p`: 0.01 ETH (or `amount` of `asset`) to RECIPIENT on eip155:1. */
export const requested = (over: Partial<{ amount: string; asset: typeof ETH | typeof GUSD; network: string; recipient: string }> = {}) =>
  payRequested({ recipient: RECIPIENT, amount: '0.01', asset: ETH, network: 'eip155:1', ...over }, { requestId: 'p' })

/** The modal opened on Pay for payment `p`, after `before` (a connection, say). */
export const reviewing = (before: readonly EventInput[] = connected(), over: Parameters<typeof requested>[0] = {}): ModalState =>
  stateAfter([...before, modalOpenRequested({ view: 'Pay', namespace: 'eip155' }), requested(over)], ON)

/** The state after `events`, Pay on. */
export const after = (events: readonly EventInput[], from?: ModalState): ModalState => stateAfter(events, from ? { from } : ON)

/** The dev exchanges as the API lists them. */
export const EXCHANGES = [
  { id: 'devexchange', name: 'Dev Exchange', imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E' },
  { id: 'devexchangepro', name: 'Dev Exchange Pro' },
]

/** Payment `p` under review (no wallet connected unless `before` connects one), its exchanges listed. */
export const exchangesListed = (before: readonly EventInput[] = [], over: Parameters<typeof requested>[0] = {}): ModalState =>
  after([payExchangesRequested({}, { requestId: 'x' }), payExchangesFetched({ exchanges: EXCHANGES }, { requestId: 'x' })], reviewing(before, over))
