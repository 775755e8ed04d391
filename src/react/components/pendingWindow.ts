import { useEffect, useRef } from 'react'

/**
 * A window for a page whose address is known only after the click that asks for it (an on-ramp
 * provider's page, an exchange's payment page): `open()` opens it empty in the click, so no popup
 * blocker stops it; once `url` is known the window shows it; `failed` closes it (nothing to show).
 *
 * @example
 * const open = usePendingWindow('gangway-onramp', purchase?.url, purchase?.status === 'failed')
 * const buy = () => { open(); modal.dispatch(onrampPurchaseRequested({ provider })) }
 */
export function usePendingWindow(name: string, url: string | null | undefined, failed: boolean): () => void {
  const pending = useRef<Window | null>(null)
  useEffect(() => {
    const win = pending.current
    if (!win || win.closed) return
    if (url) {
      win.location.href = url
      pending.current = null
    } else if (failed) {
      win.close()
      pending.current = null
    }
  }, [url, failed])
  return () => {
    pending.current = typeof window !== 'undefined' ? window.open('', name, 'popup,width=480,height=760') : null
  }
}
