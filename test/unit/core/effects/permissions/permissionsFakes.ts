import type { PermissionRequest } from '../../../../../src/core/domain/permissions/permissionRequests'
import type { PermissionGrantRecord } from '../../../../../src/core/domain/permissions/permissionAnswers'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { permissionsGranted, permissionsRequested } from '../../../../../src/core/events/permissions/permissions'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import type { ModalState } from '../../../../../src/core/state'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, callsWallet } from '../calls/callsFakes'

// The calls tests' fake wallet answers any EIP-1193 method from a table: the permission effects
// talk to the provider the same way.
export { ACCOUNT, callsWallet as fakeWallet }

export const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const MANAGER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3'

/** "Spend up to 0.01 ETH every day" for SESSION, from ACCOUNT on network 1. */
export const DAILY: PermissionRequest = {
  chainId: '0x1',
  from: ACCOUNT,
  to: SESSION,
  permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x2386f26fc10000', periodDuration: 86_400 } },
}

/** The wallet's answer to `requests`: each granted with a context. */
export const granted = (requests: readonly PermissionRequest[] = [DAILY]) => requests.map((r, i) => ({ ...r, context: `0xc0${i}`, delegationManager: MANAGER, dependencies: [] }))

/** The grant record of DAILY as `permissions/granted` carries it. */
export const DAILY_GRANT: PermissionGrantRecord & { symbol: string | null; decimals: number | null } = {
  context: '0xc00',
  delegationManager: MANAGER,
  dependencies: [],
  chainId: 1,
  account: ACCOUNT,
  to: SESSION,
  type: 'native-token-periodic',
  tokenAddress: null,
  amount: '10000000000000000',
  period: 86_400,
  start: null,
  expiry: null,
  justification: null,
  isAdjustmentAllowed: false,
  symbol: 'ETH',
  decimals: 18,
}

const ON = { settings: { features: { smartSessions: true } } }
const connected = connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })

/** Connected with ACCOUNT on network 1 (connector `a`), session permissions on, after `events`. */
export const connectedWith = (events: readonly (EventInput | readonly [EventInput, number])[] = []): ModalState => stateAfter([connected, ...events], ON)

/** A request `q` for DAILY: reviewed in the modal opened on it, or asked at once. */
export const requested = (review = true) => permissionsRequested({ requests: [DAILY], tokens: [{ symbol: 'ETH', decimals: 18 }], review }, { requestId: 'q' })

/** The modal shows the review of request `q`. */
export const reviewing = (): ModalState => connectedWith([modalOpenRequested({ view: 'ReviewPermissions' }), requested()])

/** DAILY granted (request `q`, asked at once). */
export const withGrant = (grant: Partial<typeof DAILY_GRANT> = {}): ModalState => connectedWith([requested(false), permissionsGranted({ grants: [{ ...DAILY_GRANT, ...grant }] }, { requestId: 'q' })])
