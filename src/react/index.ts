'use client'
// The React entry: provider, hooks and the modal UI.
export { ModalProvider, HOST_TAG } from './ModalProvider.js'
export { useModal } from './ModalContext.js'
export { useModalState } from './useModalState.js'
export { VIEW_COMPONENTS } from './views/viewRegistry.js'
export type { ViewProps } from './views/viewProps.js'
export { VIEW_TITLES } from './views/viewTitles.js'
export { useGangwayProvider, useGangwayWalletClient } from './hooks/useWalletProvider.js'
