import { useContext, useEffect, useRef, type ReactNode } from 'react'
import { BackOverrideContext } from './BackOverrideContext.js'
import { useI18n } from '../i18n/i18n.js'
import { PrimaryAction } from './PrimaryAction.js'
import { resultAcknowledged, type ResultFlow } from '../../core/events/modal/router.js'
import type { ViewProps } from '../views/viewProps.js'


/**
 * For a view showing a finished flow's result: returns what its Done does (acknowledge the result:
 * back to Account with `message` in a success banner, the flow's form fresh next time), and makes
 * the header's Back do the same while the result is shown.
 *
 * @example
 * const done = useResultAcknowledgement(modal, 'send', t('Sent {amount} {symbol}', { amount, symbol }))
 */
export function useResultAcknowledgement(modal: ViewProps['modal'], flow: ResultFlow, message: string): () => void {
  const slot = useContext(BackOverrideContext)
  const acknowledge = () => modal.dispatch(resultAcknowledged({ flow, message }))
  const latest = useRef(acknowledge)
  latest.current = acknowledge
  useEffect(() => {
    const back = () => latest.current()
    slot.current = back
    return () => {
      if (slot.current === back) slot.current = null
    }
  }, [slot])
  return acknowledge
}

/**
 * A finished flow's result and its Done: Done (and the header's Back) return to Account with
 * `message` in a success banner there, and the flow's next opening shows an empty form.
 *
 * @example
 * <ResultDone modal={modal} flow="send" message={t('Sent {amount} {symbol}', vars)} testId="send" details={hash} />
 */
export function ResultDone(props: { modal: ViewProps['modal']; flow: ResultFlow; message: string; testId: string; successTestId?: string; details?: ReactNode }) {
  const { t } = useI18n()
  const done = useResultAcknowledgement(props.modal, props.flow, props.message)
  return (
    <>
      <p className="gw-connecting-title" data-testid={props.successTestId ?? `${props.testId}-success`}>
        {props.message}
      </p>
      {props.details}
      <PrimaryAction testId={`${props.testId}-done`} onClick={done}>
        {t('Done')}
      </PrimaryAction>
    </>
  )
}
