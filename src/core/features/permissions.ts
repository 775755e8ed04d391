import { permissionsEffects } from '../effects/permissions/permissionsEffects.js'
import { PERMISSIONS_EVENTS } from '../events/permissions/permissions.js'
import { permissionsSlice } from '../reducers/permissions/permissionsReducer.js'
import { defineFeature } from './defineFeature.js'

/** Session permissions (ERC-7715): asking the wallet for them after the visitor's review, following and revoking them. */
export const permissionsFeature = defineFeature({
  name: 'permissions',
  events: [...PERMISSIONS_EVENTS],
  slices: [permissionsSlice],
  effects: permissionsEffects,
})
