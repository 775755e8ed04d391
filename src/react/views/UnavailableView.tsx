import { useModalState } from '../useModalState.js'
import { VIEW_TITLES } from './viewTitles.js'
import type { ViewProps } from './viewProps.js'

/**
 * A view whose feature this version does not include: says so, offers the way back, or, opened
 * directly with nothing to go back to, a way out (as the header: no Back without a history).
 */
export function UnavailableView({ view, modal }: ViewProps) {
  const canGoBack = useModalState((s) => s.router.history.length > 1)
  return (
    <div className="gw-empty" data-testid="view-unavailable">
      <p>{VIEW_TITLES[view]} is not available in this version of Gangway.</p>
      {canGoBack ? (
        <button type="button" className="gw-button" data-primary="true" data-testid="unavailable-back" onClick={() => modal.back()}>
          Go back
        </button>
      ) : (
        <button type="button" className="gw-button" data-primary="true" data-testid="unavailable-close" onClick={() => modal.close()}>
          Close
        </button>
      )}
    </div>
  )
}
