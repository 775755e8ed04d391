'use client'
// The React entry: provider, hooks and the modal UI.
export { ModalProvider, HOST_TAG } from './ModalProvider.js'
export { useModal } from './ModalContext.js'
export { useModalState } from './useModalState.js'
export { VIEW_COMPONENTS } from './views/viewRegistry.js'
export type { ViewProps } from './views/viewProps.js'
export { VIEW_TITLES } from './views/viewTitles.js'
export { useGangwayProvider, useGangwayWalletClient } from './hooks/useWalletProvider.js'
// Hooks named apart from wagmi's (a host may use both), and the connect button (its own module:
// a host that does not import it does not ship it).
export { useGangwayAccount } from './hooks/useGangwayAccount.js'
export type { GangwayAccount } from './hooks/useGangwayAccount.js'
export { useGangwayNetwork } from './hooks/useGangwayNetwork.js'
export type { GangwayNetwork, GangwayActiveNetwork } from './hooks/useGangwayNetwork.js'
export { useGangwayModal } from './hooks/useGangwayModal.js'
export type { GangwayModalControls } from './hooks/useGangwayModal.js'
export { useGangwayThemeVariables } from './hooks/useGangwayThemeVariables.js'
export type { GangwayThemeVariables } from './hooks/useGangwayThemeVariables.js'
