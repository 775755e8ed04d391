import { defineEvent } from '../defineEvent.js'
import { empty, json, object, optional } from '../schema.js'
import { viewSchema } from '../views.js'

export const routerPushed = defineEvent('router/pushed', object({ view: viewSchema, data: optional(json()) }))
export const routerReplaced = defineEvent('router/replaced', object({ view: viewSchema, data: optional(json()) }))
export const routerWentBack = defineEvent('router/wentBack', empty())
export const routerReset = defineEvent('router/reset', object({ view: viewSchema }))
