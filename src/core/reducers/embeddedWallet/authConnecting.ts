import { AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'

/**
 * Whether a connect outcome is the embedded wallet's, for a login slice waiting on it (every
 * wallet's connect outcome reaches the login slices; nearly all are another wallet's).
 */
export function isAuthConnectOutcome(s: { readonly step: string }, event: { readonly payload: { readonly connectorId: string } }): boolean {
  return event.payload.connectorId === AUTH_CONNECTOR_ID && s.step === 'connecting'
}
