import { describe, expectTypeOf, it } from 'vitest'
import type { InvalidInputError, UnknownGangwayError } from '../../../../src/core/errors/base'
import { GangwayError } from '../../../../src/core/errors/base'
import type {
  ConnectError,
  DisconnectError,
  ImportLogError,
  RefreshBalanceError,
  SendError,
  SignMessageError,
  SignTypedDataError,
  SwitchConnectionError,
  SwitchNetworkError,
} from '../../../../src/core/errors/commandErrors'
import type { ModalClosedError, NetworkNotFoundError, NoActiveAddressError, RequestAbortedError } from '../../../../src/core/errors/connection'
import type { ApiRequestError } from '../../../../src/core/errors/api'
import type { InvalidCaipAddressError, InvalidConnectionStatusError, SendFormError } from '../../../../src/core/errors/domain'
import type { WalletRejectedError, WalletRpcError } from '../../../../src/core/errors/wallet'
import type { WalletConnectChainNotSupportedError, WalletConnectUnsupportedChainsError } from '../../../../src/core/errors/walletConnect'

describe('per-command error unions', () => {
  it('each command admits the failures its effects and adapters produce', () => {
    expectTypeOf<ModalClosedError>().toMatchTypeOf<ConnectError>()
    expectTypeOf<WalletRejectedError>().toMatchTypeOf<ConnectError>()
    expectTypeOf<RequestAbortedError>().toMatchTypeOf<ConnectError>()
    expectTypeOf<WalletConnectUnsupportedChainsError>().toMatchTypeOf<ConnectError>()
    expectTypeOf<WalletConnectChainNotSupportedError>().toMatchTypeOf<SwitchNetworkError>()
    expectTypeOf<NetworkNotFoundError>().toMatchTypeOf<SwitchNetworkError>()
    expectTypeOf<InvalidConnectionStatusError>().toMatchTypeOf<SwitchConnectionError>()
    expectTypeOf<NoActiveAddressError>().toMatchTypeOf<SignMessageError>()
    expectTypeOf<SendFormError>().toMatchTypeOf<SendError>()
    expectTypeOf<WalletRejectedError>().toMatchTypeOf<SendError>()
    expectTypeOf<WalletRpcError>().toMatchTypeOf<DisconnectError>()
    expectTypeOf<UnknownGangwayError>().toMatchTypeOf<SignTypedDataError>()
    // The argument checks reject with an InvalidInputError or one of its subclasses.
    expectTypeOf<InvalidCaipAddressError>().toMatchTypeOf<ImportLogError>()
    expectTypeOf<RefreshBalanceError>().toEqualTypeOf<InvalidInputError>()
  })

  it('and no failure that cannot reach it', () => {
    expectTypeOf<ModalClosedError>().not.toMatchTypeOf<SignMessageError>()
    expectTypeOf<ModalClosedError>().not.toMatchTypeOf<SendError>()
    expectTypeOf<RequestAbortedError>().not.toMatchTypeOf<SignMessageError>()
    expectTypeOf<SendFormError>().not.toMatchTypeOf<ConnectError>()
    expectTypeOf<NetworkNotFoundError>().not.toMatchTypeOf<ConnectError>()
    expectTypeOf<WalletConnectChainNotSupportedError>().not.toMatchTypeOf<ConnectError>()
    expectTypeOf<ApiRequestError>().not.toMatchTypeOf<SendError>()
    expectTypeOf<WalletRejectedError>().not.toMatchTypeOf<ImportLogError>()
    // A bare GangwayError is only admitted as kind 'UNKNOWN'.
    expectTypeOf<GangwayError>().not.toMatchTypeOf<ConnectError>()
  })

  it('narrows by kind as well as by instanceof', () => {
    const narrow = (error: SignMessageError) => (error.kind === 'NO_ACTIVE_ADDRESS' ? error : null)
    expectTypeOf(narrow).returns.toEqualTypeOf<NoActiveAddressError | null>()
    const byClass = (error: ConnectError) => (error instanceof GangwayError && error.kind === 'MODAL_CLOSED' ? error : null)
    expectTypeOf(byClass).returns.toEqualTypeOf<ModalClosedError | null>()
  })
})
