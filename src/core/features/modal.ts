import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../events/banner.js'
import { remoteConfigFailed, remoteConfigLoaded } from '../events/config.js'
import { effectFailed } from '../events/effects.js'
import { legalAcceptanceChanged, modalCloseRequested, modalLoadingChanged, modalOpenRequested, modalShakeEnded, modalShakeRequested } from '../events/modal.js'
import { accountTypePreferred, localeChanged, themeModeChanged, themeVariablesChanged } from '../events/preferences.js'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../events/router.js'
import { sessionStarted } from '../events/session.js'
import { bannerSlice } from '../reducers/bannerReducer.js'
import { featuresSlice, injectedSlice, remoteFeaturesSlice, settingsSlice } from '../reducers/configReducer.js'
import { featureInjected } from '../events/featureLoading.js'
import { lastErrorSlice } from '../reducers/errorReducer.js'
import { modalSlice } from '../reducers/modalReducer.js'
import { preferencesSlice } from '../reducers/preferencesReducer.js'
import { routerSlice } from '../reducers/routerReducer.js'
import { themeSlice } from '../reducers/themeReducer.js'
import { defineFeature } from './defineFeature.js'

/** The modal itself: session, settings and features, open / close / shake, the view stack, the banner, preferences, the runtime theme, errors. */
export const modalFeature = defineFeature({
  name: 'modal',
  events: [
    sessionStarted,
    modalOpenRequested,
    modalCloseRequested,
    modalShakeRequested,
    modalShakeEnded,
    modalLoadingChanged,
    legalAcceptanceChanged,
    routerPushed,
    routerReplaced,
    routerWentBack,
    routerReset,
    bannerShowRequested,
    bannerDelayElapsed,
    bannerClosed,
    themeModeChanged,
    localeChanged,
    themeVariablesChanged,
    accountTypePreferred,
    remoteConfigLoaded,
    remoteConfigFailed,
    effectFailed,
    featureInjected,
  ],
  slices: [settingsSlice, injectedSlice, remoteFeaturesSlice, featuresSlice, lastErrorSlice, modalSlice, routerSlice, bannerSlice, preferencesSlice, themeSlice],
  effects: [],
  // Optimization: effects load as the session starts, off the host's first bundle, in one chunk with the other base features' (createModal).
  loadEffects: () => import('../effects/startupEffects.js').then((m) => m.modalEffects),
})
