import { VIEW_TITLES } from './viewTitles.js'
import type { ViewProps } from './viewProps.js'

/** A view whose feature this version does not include: says so, offers the way back. */
export function UnavailableView({ view, modal }: ViewProps) {
  return (
    <div className="gw-empty" data-testid="view-unavailable">
      <p>{VIEW_TITLES[view]} is not available in this version of Gangway.</p>
      <button type="button" className="gw-button" data-primary="true" onClick={() => modal.back()}>
        Go back
      </button>
    </div>
  )
}
