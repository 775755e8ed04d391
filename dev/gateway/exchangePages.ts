// The dev exchanges' payment page: one self-contained HTML document (inline CSS and script, no
// external resources) where the visitor sees the withdrawal (amount, recipient, network) and
// confirms or cancels it. Everything from the session is escaped: printed as text, never markup.
import { escapeHtml, jsonForScript } from '../stack/html'

export type ExchangePageModel = {
  exchange: { id: string; name: string; accent: string; icon: string }
  /** Decimal text, in whole units of `symbol`. */
  amount: string
  symbol: string
  recipient: string
  /** The network as shown: name and CAIP-2 id. */
  network: string
  status: 'pending' | 'sending' | 'confirmed' | 'failed' | 'cancelled'
  txHash: string | null
  error: string | null
  confirmPath: string
  cancelPath: string
}

/**
 * The whole page of a dev exchange's payment session.
 *
 * @example
 * exchangePage({ exchange: { id: 'devexchange', name: 'Dev Exchange', … }, amount: '0.01', symbol: 'ETH', … })
 * // '<!doctype html>…<h1>Dev Exchange</h1>…Confirm withdrawal…'
 */
export function exchangePage(model: ExchangePageModel): string {
  const e = escapeHtml
  const open = model.status === 'pending'
  const data = { status: model.status, confirmPath: model.confirmPath, cancelPath: model.cancelPath }
  const done =
    model.status === 'confirmed'
      ? `Withdrawal sent. Transaction: ${model.txHash ?? ''}`
      : model.status === 'cancelled'
        ? 'Payment cancelled.'
        : model.status === 'failed'
          ? ''
          : model.status === 'sending'
            ? 'Sending the withdrawal…'
            : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(model.exchange.name)}: pay ${e(model.amount)} ${e(model.symbol)}</title>
<style>
:root { --accent: ${e(model.exchange.accent)}; color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; background: #f1f5f9; color: #0f172a; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
header { display: flex; gap: 0.75rem; align-items: center; margin-bottom: 0.5rem; }
header img { width: 40px; height: 40px; }
h1 { margin: 0; color: var(--accent); font-size: 1.5rem; }
.note { margin: 0 0 1rem; color: #475569; font-size: 0.875rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.75rem; margin: 0 0 1rem; }
dt { color: #475569; }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-family: ui-monospace, monospace; font-size: 0.85em; }
.amount { font-size: 1.5rem; font-weight: 700; }
button { margin-top: 0.75rem; width: 100%; padding: 0.75rem; border: 0; border-radius: 8px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: #e2e8f0; color: #0f172a; }
button:disabled { background: #94a3b8; color: #fff; cursor: not-allowed; }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
#status:empty, #alert:empty { display: none; }
#status { margin: 1rem 0 0; color: #166534; font-weight: 600; overflow-wrap: anywhere; }
#alert { margin: 1rem 0 0; padding: 0.5rem 0.75rem; border-radius: 6px; background: #fef2f2; color: #991b1b; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<header><img src="${e(model.exchange.icon)}" alt=""><h1>${e(model.exchange.name)}</h1></header>
<p class="note">A local dev exchange: the withdrawal is sent on the local network from the exchange's own account.</p>
<dl aria-label="Withdrawal">
<dt>Amount</dt><dd class="amount" id="amount">${e(model.amount)} ${e(model.symbol)}</dd>
<dt>To</dt><dd><code id="recipient">${e(model.recipient)}</code></dd>
<dt>Network</dt><dd id="network">${e(model.network)}</dd>
</dl>
<div id="actions"${open ? '' : ' hidden'}>
<button type="button" id="confirm">Confirm withdrawal</button>
<button type="button" id="cancel" class="secondary">Cancel</button>
</div>
<p id="status" role="status" aria-live="polite">${e(done)}</p>
<p id="alert" role="alert">${model.status === 'failed' ? e(model.error ?? 'The withdrawal failed.') : ''}</p>
<button type="button" id="return" class="secondary"${open ? ' hidden' : ''}>Return to the app</button>
</main>
<script type="application/json" id="exchange-data">${jsonForScript(data)}</script>
<script>
${PAGE_SCRIPT}
</script>
</body>
</html>
`
}

// The page's behaviour. It only ever writes text (`textContent`), never markup.
const PAGE_SCRIPT = String.raw`(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('exchange-data').textContent)
  function $(id) { return document.getElementById(id) }
  var confirmButton = $('confirm'), cancelButton = $('cancel'), statusEl = $('status'), alertEl = $('alert'), back = $('return')
  function post(path) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(function (res) {
      return res.json().catch(function () { return {} }).then(function (json) {
        if (!res.ok) throw new Error(json && typeof json.error === 'string' ? json.error : 'The exchange answered HTTP ' + res.status)
        return json
      })
    })
  }
  function ended(answer) {
    $('actions').hidden = true
    back.hidden = false
    if (answer.status === 'confirmed') statusEl.textContent = 'Withdrawal sent. Transaction: ' + answer.txHash
    else if (answer.status === 'cancelled') statusEl.textContent = 'Payment cancelled.'
    else { statusEl.textContent = ''; alertEl.textContent = answer.error || 'The withdrawal failed.' }
    back.focus()
  }
  function act(path, busyText) {
    confirmButton.disabled = true
    cancelButton.disabled = true
    alertEl.textContent = ''
    statusEl.textContent = busyText
    post(path).then(ended, function (error) {
      statusEl.textContent = ''
      alertEl.textContent = error.message
      confirmButton.disabled = false
      cancelButton.disabled = false
    })
  }
  confirmButton.addEventListener('click', function () { act(data.confirmPath, 'Sending the withdrawal\u2026') })
  cancelButton.addEventListener('click', function () { act(data.cancelPath, 'Cancelling\u2026') })
  back.addEventListener('click', function () { window.close() })
})()`
