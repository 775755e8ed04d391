import type { ReactNode } from 'react'

/**
 * A step's main action: primary, and where focus lands when the step shows. `busy` (a request it
 * started is under way) keeps it in place but inert.
 *
 * @example
 * <PrimaryAction testId="send-confirm" onClick={send}>{t('Send')}</PrimaryAction>
 */
export function PrimaryAction({ testId, onClick, busy, children }: { testId: string; onClick: () => void; busy?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className="gw-button"
      data-primary="true"
      data-autofocus="true"
      data-testid={testId}
      aria-disabled={busy || undefined}
      data-busy={busy || undefined}
      onClick={busy ? undefined : onClick}
    >
      {children}
    </button>
  )
}
