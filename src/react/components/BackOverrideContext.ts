import { createContext } from 'react'

/**
 * What the header's Back does instead of going back one view (a finished result's
 * acknowledgement, set by `useResultAcknowledgement`), if anything. A file of its own so the
 * shell, in the first bundle, carries only this and not the result views' parts.
 */
export const BackOverrideContext = createContext<{ current: (() => void) | null }>({ current: null })
