import { generateSiweNonce } from 'viem/siwe'
import { siwxSignInCancelled, siwxSignInRequested } from '../../../core/events/siwx/siwx.js'
import { selectAccountTypeSwitching, selectCaipAddress } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'

/**
 * SIWXSignMessage (spec §2, §4): sign a message with the wallet to prove the address is the
 * visitor's. 'Authenticating...' while the wallet asks; a failure shows with a retry; Cancel
 * closes, or, when sign-in is required, goes back to a signed-in network or disconnects.
 */
export function SiwxSignMessageView({ modal }: ViewProps) {
  const caipAddress = useModalState(selectCaipAddress)
  const signIn = useModalState((s) => s.siwxSignIn)
  const wallet = useActiveWallet()
  const { t } = useI18n()
  const required = useModalState((s) => s.settings.siwx?.required === true)
  const signedIn = useModalState((s) => (caipAddress ? s.siwx.sessions[caipAddress] !== undefined : false))
  // The embedded wallet moving to its smart account: the address to sign for is the one it lands on.
  const switching = useModalState(selectAccountTypeSwitching)
  const domain = typeof location === 'undefined' ? '' : location.host
  if (!caipAddress) return <p className="gw-empty">{t('Not connected.')}</p>
  const signing = signIn.status === 'signing' && signIn.caipAddress === caipAddress
  const failed = signIn.status === 'failed' && signIn.caipAddress === caipAddress ? signIn.error : null

  const sign = () =>
    modal.dispatch(
      siwxSignInRequested(
        // The nonce is drawn here and carried in the event, so replaying the session signs the same message.
        { caipAddress, nonce: generateSiweNonce(), domain: location.host, uri: location.origin },
      ),
    )

  return (
    <div className="gw-connecting" data-testid="view-siwx" data-status={signedIn ? 'signed' : signing ? 'signing' : failed ? 'failed' : 'idle'}>
      <span className="gw-progress-ring" data-active={signing} data-testid="siwx-progress">
        <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      </span>
      <p className="gw-connecting-title">{domain ? t('{domain} needs to connect to your wallet', { domain }) : t('Sign in with your wallet')}</p>
      <p className="gw-muted">
        {required
          ? t('Sign this message to prove you own this wallet and proceed. Canceling will disconnect you.')
          : t('Sign this message to prove you own this wallet and proceed. Canceling will close this window.')}
      </p>
      {signing ? (
        <p className="gw-muted" aria-live="polite" data-testid="siwx-authenticating">
          {t('Authenticating...')}
        </p>
      ) : null}
      {failed ? <ErrorMessage error={failed} testId="siwx-error" /> : null}
      <div className="gw-account-actions gw-siwx-actions">
        <button type="button" className="gw-button" data-testid="siwx-cancel" onClick={() => modal.dispatch(siwxSignInCancelled({ caipAddress }))}>
          {t('Cancel')}
        </button>
        <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="siwx-sign" disabled={signing || switching} aria-busy={switching} onClick={sign}>
          {signing ? t('Signing…') : failed ? t('Try again') : t('Sign')}
        </button>
      </div>
    </div>
  )
}
