import type { Modal } from '../../createModal.js'
import type { ViewName } from '../../core/events/views.js'

/** What every view is given: its name and the modal. */
export type ViewProps = { view: ViewName; modal: Modal }
