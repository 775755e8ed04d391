import type { NamedEffect } from '../../features/defineFeature.js'
import type { CoreDeps } from '../../ports.js'
import { bannerDelay } from './bannerDelay.js'
import { bannerTimeout } from './bannerTimeout.js'
import { modalAnalytics } from './modalAnalytics.js'
import { reportErrors } from './reportErrors.js'
import { shakeTimer } from './shakeTimer.js'

/** The modal's own effects: the shake and banner timers, open / close analytics, error reports. */
export const modalEffects: NamedEffect<CoreDeps>[] = [
  { name: 'shakeTimer', effect: shakeTimer },
  { name: 'bannerDelay', effect: bannerDelay },
  { name: 'bannerTimeout', effect: bannerTimeout },
  { name: 'modalAnalytics', effect: modalAnalytics },
  { name: 'reportErrors', effect: reportErrors },
]
