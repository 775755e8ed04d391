import { GangwayError } from '../errors.js'

/** The modal was closed while a wallet was connecting (spec §4). */
export class ModalClosedError extends GangwayError {
  override name = 'ModalClosedError'
  constructor() {
    super('Modal closed')
  }
}

/** No chain adapter serves the namespace. */
export class ChainAdapterNotFoundError extends GangwayError {
  override name = 'ChainAdapterNotFoundError'
  constructor(namespace: string) {
    super('Chain adapter not found', { details: namespace })
  }
}

/** A connection names a connector this page does not have (any more). */
export class ConnectorNotFoundError extends GangwayError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super(`No connector found for connection: ${connectorId}`, { details: connectorId })
  }
}

/** A network id that is not among the host's networks. */
export class NetworkNotFoundError extends GangwayError {
  override name = 'NetworkNotFoundError'
  constructor(caipNetworkId: string) {
    super('Network not found', { details: caipNetworkId })
  }
}

/** Signing or sending needs a connected account. */
export class NoActiveAddressError extends GangwayError {
  override name = 'NoActiveAddressError'
  constructor() {
    super('No ActiveCaipAddress found')
  }
}

/** A host command whose request the modal did not take up (a duplicate, or a retry within 1 s). */
export class RequestAbortedError extends GangwayError {
  override name = 'RequestAbortedError'
  constructor(details: string) {
    super('Request was aborted', { details })
  }
}
