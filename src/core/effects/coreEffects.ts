import type { NamedEffect } from '../store'
import { bannerDelay } from './bannerDelay'
import { hydrateStorage } from './hydrateStorage'
import { modalAnalytics } from './modalAnalytics'
import { reportErrors } from './reportErrors'
import { persistDurable } from './persistDurable'
import { persistLog, type LogDeps } from './persistLog'
import { shakeTimer } from './shakeTimer'

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
