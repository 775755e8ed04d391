// The React entry: provider, hooks and the modal UI.
export { ModalProvider, HOST_TAG } from './ModalProvider'
export { useModal } from './ModalContext'
export { useModalState } from './useModalState'
export { VIEW_COMPONENTS } from './views/viewRegistry'
export type { ViewProps } from './views/viewRegistry'
export { VIEW_TITLES } from './views/viewTitles'
