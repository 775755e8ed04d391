import { defineEvent } from '../defineEvent.js'
import { empty, json, literal, object, optional, string } from '../schema.js'
import { viewSchema } from '../views.js'

export const routerPushed = defineEvent('router/pushed', object({ view: viewSchema, data: optional(json()) }))
export const routerReplaced = defineEvent('router/replaced', object({ view: viewSchema, data: optional(json()) }))
export const routerWentBack = defineEvent('router/wentBack', empty())
export const routerReset = defineEvent('router/reset', object({ view: viewSchema }))

/** The flows whose finished result the visitor can acknowledge (Done, or Back from the result). */
export const RESULT_FLOWS = ['send', 'swap', 'onramp', 'names', 'pay'] as const
export type ResultFlow = (typeof RESULT_FLOWS)[number]

/**
 * The visitor acknowledged a flow's finished result (Done, or Back from it): the modal returns
 * to its default view (Account when connected), the flow's form starts fresh next time, and
 * `message` (the result, as the view worded it) stays in a success banner.
 */
export const resultAcknowledged = defineEvent('router/resultAcknowledged', object({ flow: literal(...RESULT_FLOWS), message: string() }))
