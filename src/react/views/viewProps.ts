import type { ComponentType } from 'react'
import type { Modal } from '../../createModal.js'
import type { ViewName } from '../../core/events/views.js'

/** What every view is given: its name and the modal. */
export type ViewProps = { view: ViewName; modal: Modal }

/** The views one chunk holds, by name (a feature's views load together). */
export type ViewGroup = Partial<Record<ViewName, ComponentType<ViewProps>>>
