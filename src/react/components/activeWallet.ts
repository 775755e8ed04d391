import { selectActiveConnector } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { shallowEqual } from '../hooks/shallowEqual.js'
import { useModalState } from '../useModalState.js'

/** The active wallet's name and icon, for "approve in your wallet". */
export const selectActiveWallet = (s: ModalState): { name: string; imageUrl?: string | undefined } => {
  const connector = selectActiveConnector(s)
  return { name: connector?.name ?? 'your wallet', imageUrl: connector?.imageUrl }
}

/**
 * The active wallet's name and icon, re-rendering only when they change.
 *
 * @example
 * const wallet = useActiveWallet() // { name: 'Gangway Dev Wallet', imageUrl: '…' }
 */
export function useActiveWallet(): { name: string; imageUrl?: string | undefined } {
  return useModalState(selectActiveWallet, shallowEqual)
}
