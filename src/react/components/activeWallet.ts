import { useMemo } from 'react'
import { selectActiveConnector } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { shallowEqual } from '../hooks/shallowEqual.js'
import { useI18n } from '../i18n/i18n.js'
import { useModalState } from '../useModalState.js'

/** The active wallet's name (null when no connector is active) and icon. */
export const selectActiveWallet = (s: ModalState): { name: string | null; imageUrl?: string | undefined } => {
  const connector = selectActiveConnector(s)
  return { name: connector?.name ?? null, imageUrl: connector?.imageUrl }
}

/**
 * The active wallet's name and icon, re-rendering only when they change; without an active
 * wallet the name is 'your wallet' in the modal's language, for "approve in your wallet".
 *
 * @example
 * const wallet = useActiveWallet() // { name: 'Gangway Dev Wallet', imageUrl: '…' }
 */
export function useActiveWallet(): { name: string; imageUrl?: string | undefined } {
  const { t } = useI18n()
  const { name, imageUrl } = useModalState(selectActiveWallet, shallowEqual)
  return useMemo(() => ({ name: name ?? t('your wallet'), imageUrl }), [name, imageUrl, t])
}
