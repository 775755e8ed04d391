import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../events/modal/banner.js'
import { remoteConfigFailed, remoteConfigLoaded } from '../events/modal/config.js'
import { effectFailed } from '../events/modal/effects.js'
import { legalAcceptanceChanged, modalCloseRequested, modalLoadingChanged, modalOpenRequested, modalShakeEnded, modalShakeRequested } from '../events/modal/modal.js'
import { accountTypePreferred, localeChanged, themeModeChanged, themeVariablesChanged } from '../events/modal/preferences.js'
import { resultAcknowledged, routerPushed, routerReplaced, routerReset, routerWentBack } from '../events/modal/router.js'
import { sessionStarted } from '../events/modal/session.js'
import { bannerSlice } from '../reducers/modal/bannerReducer.js'
import { featuresSlice, injectedSlice, remoteFeaturesSlice, settingsSlice } from '../reducers/modal/configReducer.js'
import { featureInjected } from '../events/modal/featureLoading.js'
import { lastErrorSlice } from '../reducers/modal/errorReducer.js'
import { modalSlice } from '../reducers/modal/modalReducer.js'
import { preferencesSlice } from '../reducers/modal/preferencesReducer.js'
import { routerSlice } from '../reducers/modal/routerReducer.js'
import { themeSlice } from '../reducers/modal/themeReducer.js'
import { defineFeature } from './defineFeature.js'
import { modalEffects } from '../effects/modal/modalEffects.js'

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
    resultAcknowledged,
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
  loadEffects: () => Promise.resolve(modalEffects),
})
