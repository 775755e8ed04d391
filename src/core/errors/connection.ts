/**
 * Errors of the connection flow (spec §4, §8): the modal closing mid-connect, a connector,
 * chain adapter or network that is not there, no account to act with, a request not taken up.
 *
 * @example
 * connectionFailed({ connectorId, namespace, error: serializeError(new ModalClosedError()) }, meta)
 */
import { GangwayError } from './base.js'

/** The modal was closed while a wallet was connecting (spec §4). */
export class ModalClosedError extends GangwayError {
  override readonly name = 'ModalClosedError'
  override readonly kind = 'MODAL_CLOSED'
  constructor() {
    super('Modal closed')
  }
}

/** No chain adapter serves the namespace. */
export class ChainAdapterNotFoundError extends GangwayError {
  override readonly name = 'ChainAdapterNotFoundError'
  override readonly kind = 'CHAIN_ADAPTER_NOT_FOUND'
  constructor(namespace: string) {
    super('Chain adapter not found', { details: namespace })
  }
}

/** A connection names a connector this page does not have (any more). */
export class ConnectorNotFoundError extends GangwayError {
  override readonly name = 'ConnectorNotFoundError'
  override readonly kind = 'CONNECTOR_NOT_FOUND'
  constructor(connectorId: string) {
    super(`No connector found for connection: ${connectorId}`, { details: connectorId })
  }
}

/** A host command of an optional feature whose module the host did not pass in `modules`. */
export class FeatureNotIncludedError extends GangwayError {
  override readonly name = 'FeatureNotIncludedError'
  override readonly kind = 'FEATURE_NOT_INCLUDED'
  constructor(shortMessage: string, module: string) {
    super(shortMessage, { details: `pass ${module}() of 'gangway-kit/features' in the modal's modules` })
  }
}

/** A request that only one chain family serves, made while another is active (spec §8: 'Unsupported chain namespace'). */
export class UnsupportedNamespaceError extends GangwayError {
  override readonly name = 'UnsupportedNamespaceError'
  override readonly kind = 'UNSUPPORTED_NAMESPACE'
  constructor(namespace: string, what: string) {
    super('Unsupported chain namespace', { details: `${what}, and the active namespace is ${namespace}` })
  }
}

/** A network id that is not among the host's networks. */
export class NetworkNotFoundError extends GangwayError {
  override readonly name = 'NetworkNotFoundError'
  override readonly kind = 'NETWORK_NOT_FOUND'
  constructor(caipNetworkId: string) {
    super('Network not found', { details: caipNetworkId })
  }
}

/** Signing or sending needs a connected account. */
export class NoActiveAddressError extends GangwayError {
  override readonly name = 'NoActiveAddressError'
  override readonly kind = 'NO_ACTIVE_ADDRESS'
  constructor() {
    super('No ActiveCaipAddress found')
  }
}

/** A host command whose request the modal did not take up (a duplicate, or a retry within 1 s). */
export class RequestAbortedError extends GangwayError {
  override readonly name = 'RequestAbortedError'
  override readonly kind = 'REQUEST_ABORTED'
  constructor(details: string) {
    super('Request was aborted', { details })
  }
}
