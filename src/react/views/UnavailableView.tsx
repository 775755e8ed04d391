import { useI18n } from '../i18n/i18n.js'
import { useModalState } from '../useModalState.js'
import { VIEW_TITLES } from './viewTitles.js'
import type { ViewProps } from './viewProps.js'

/**
 * A view whose feature this version does not include: says so, offers the way back, or, opened
 * directly with nothing to go back to, a way out (as the header: no Back without a history).
 */
export function UnavailableView({ view, modal }: ViewProps) {
  const { t } = useI18n()
  const canGoBack = useModalState((s) => s.router.history.length > 1)
  return (
    <div className="gw-empty" data-testid="view-unavailable">
      <p>{t('{feature} is not available in this version of Gangway.', { feature: t(VIEW_TITLES[view]) })}</p>
      {canGoBack ? (
        <button type="button" className="gw-button" data-primary="true" data-testid="unavailable-back" onClick={() => modal.back()}>
          {t('Go back')}
        </button>
      ) : (
        <button type="button" className="gw-button" data-primary="true" data-testid="unavailable-close" onClick={() => modal.close()}>
          {t('Close')}
        </button>
      )}
    </div>
  )
}
