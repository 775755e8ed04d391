import type { NamedEffect } from '../store.js'
import { bannerDelay } from './bannerDelay.js'
import { hydrateStorage } from './hydrateStorage.js'
import { modalAnalytics } from './modalAnalytics.js'
import { reportErrors } from './reportErrors.js'
import { persistDurable } from './persistDurable.js'
import { persistLog, type LogDeps } from './persistLog.js'
import { shakeTimer } from './shakeTimer.js'

/** The effects every modal runs; feature effects are added beside them. */
export const coreEffects: NamedEffect<LogDeps>[] = [
  { name: 'shakeTimer', effect: shakeTimer },
  { name: 'bannerDelay', effect: bannerDelay },
  { name: 'modalAnalytics', effect: modalAnalytics },
  { name: 'reportErrors', effect: reportErrors },
  { name: 'hydrateStorage', effect: hydrateStorage },
  { name: 'persistDurable', effect: persistDurable },
  { name: 'persistLog', effect: persistLog },
]
