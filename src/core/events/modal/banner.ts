import { defineEvent } from '../defineEvent.js'
import { empty, literal, number, object, string } from '../schema.js'

export const BANNER_VARIANTS = ['success', 'loading', 'error', 'info'] as const
export type BannerVariant = (typeof BANNER_VARIANTS)[number]

/** Show a notification; if one is open it closes and this one follows 150 ms later. */
export const bannerShowRequested = defineEvent(
  'banner/showRequested',
  object({ variant: literal(...BANNER_VARIANTS), message: string() }),
)
/** The 150 ms gap after replacing a banner has passed; `seq` names the request it belongs to. */
export const bannerDelayElapsed = defineEvent('banner/delayElapsed', object({ seq: number() }))
export const bannerClosed = defineEvent('banner/closed', empty())
