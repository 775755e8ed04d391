// The on-ramp feature's view: one chunk.
import { OnRampView } from './OnRampView.js'
import type { ViewGroup } from '../viewProps.js'

export const onrampViews = {
  OnRamp: OnRampView,
} satisfies ViewGroup
