import { KitError, type KitErrorParameters } from '../../kernel/index.js'
import { ChainsErrorCodes } from './codes.js'

type Cause = Pick<KitErrorParameters, 'cause'>

/** The wallet refused the request (EIP-1193 code 4001). */
export class ConnectionRejectedError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionRejected
  override name = 'ConnectionRejectedError'
  constructor({ cause }: Cause = {}) {
    super('Connection rejected', { code: ConnectionRejectedError.code, cause })
  }
}

/** The modal closed while a connect promise waited for an address. */
export class ModalClosedError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionModalClosed
  override name = 'ModalClosedError'
  constructor() {
    super('Modal closed', { code: ModalClosedError.code })
  }
}


/** A connection failed for a reason the wallet did not name. */
export class FailedToConnectError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionFailed
  override name = 'FailedToConnectError'
  constructor({ cause }: Cause = {}) {
    super('Failed to connect', { code: FailedToConnectError.code, cause })
  }
}

/** Disconnecting every namespace failed. */
export class FailedToDisconnectError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionDisconnectFailed
  override name = 'FailedToDisconnectError'
  constructor({ cause }: Cause = {}) {
    super('Failed to disconnect', { code: FailedToDisconnectError.code, cause })
  }
}

/** Disconnecting one namespace failed. */
export class FailedToDisconnectChainError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionDisconnectChainFailed
  override name = 'FailedToDisconnectChainError'
  constructor({ namespace, cause }: { namespace: string } & Cause) {
    super(`Failed to disconnect chain ${namespace}`, { code: FailedToDisconnectChainError.code, cause })
  }
}

/** A saved or requested connection names a connector no plugin registered. */
export class NoConnectorForConnectionError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionNoConnector
  override name = 'NoConnectorForConnectionError'
  constructor({ connectorId }: { connectorId?: string } = {}) {
    super('No connector found for connection', { code: NoConnectorForConnectionError.code, details: connectorId })
  }
}

/** A switch whose connection status is none of connected, active or disconnected (SPEC §4). */
export class InvalidConnectionStatusError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionInvalidStatus
  override name = 'InvalidConnectionStatusError'
  constructor() {
    super('Invalid connection status', { code: InvalidConnectionStatusError.code })
  }
}


/** A provider call for a namespace with no live connection: connect a wallet first. */
export class NotConnectedError extends KitError {
  static readonly code = ChainsErrorCodes.ConnectionNotConnected
  override name = 'NotConnectedError'
  constructor({ namespace }: { namespace: string }) {
    super(`Not connected: connect a ${namespace} wallet first`, { code: NotConnectedError.code })
  }
}
