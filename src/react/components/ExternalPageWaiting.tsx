import { useI18n } from '../i18n/i18n.js'

/**
 * The wait while the visitor finishes on another site's page, in its own window (an on-ramp
 * provider's purchase, an exchange's withdrawal): what to do there, the status line (`statusId`
 * names the progress ring beside it), the page to open again once its address is known, and
 * "Stop waiting".
 *
 * @example
 * <ExternalPageWaiting title={title} status={status} statusId={id}
 *   url={purchase.url} windowName="gangway-onramp" site={provider} onStop={stop} testIds={{ status: 'onramp-waiting', open: 'onramp-open-provider', stop: 'onramp-cancel' }} />
 */
export function ExternalPageWaiting(props: {
  title: string
  status: string
  statusId: string
  url: string | null | undefined
  windowName: string
  /** The site's name, in "Open … again". */
  site: string
  onStop: () => void
  testIds: { title?: string; status: string; open: string; stop: string }
}) {
  const { t } = useI18n()
  return (
    <>
      <p className="gw-connecting-title" data-testid={props.testIds.title}>
        {props.title}
      </p>
      <p className="gw-muted" id={props.statusId} data-testid={props.testIds.status}>
        {props.status}
      </p>
      {props.url ? (
        <a className="gw-button" href={props.url} target={props.windowName} rel="opener" data-testid={props.testIds.open}>
          {t('Open {provider} again', { provider: props.site })}
        </a>
      ) : null}
      <button type="button" className="gw-button" data-testid={props.testIds.stop} onClick={props.onStop}>
        {t('Stop waiting')}
      </button>
    </>
  )
}
