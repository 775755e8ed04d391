// The dev Farcaster client's page: what a visitor sees after scanning a Sign In With Farcaster QR
// code or following its link. One self-contained HTML document (inline CSS and script, no outside
// resources) that approves through `POST /client/approve` and cancels through
// `POST /client/cancel`. Whatever came from the sign-in URL is escaped: printed as text, never
// markup.
import { escapeHtml, jsonForScript } from '../stack/html'

/** One account the dev client can sign in with. */
export type ClientPageAccount = {
  fid: number
  username: string
  displayName: string
  /** The fid's custody address, which signs the request. */
  custody: string
  pfpUrl: string
}

/** What the sign-in request asks for, as read from the sign-in URL (or the channel it names). */
export type ClientPageRequest = {
  /** The app's domain the signature is for. */
  domain: string
  /** The app's sign-in URI. */
  siweUri: string
  statement: string
  nonce: string
  notBefore: string | null
  expirationTime: string | null
  /** Where the visitor goes back to afterwards (http or https only), when the app gave one. */
  redirectUrl: string | null
}

/** Everything the page shows. */
export type ClientPageModel = {
  /** The sign-in URL the page was opened with, sent back on approve and cancel. */
  uri: string
  /** null when the URL does not name an open sign-in request; `problem` then says why. */
  request: ClientPageRequest | null
  /** Why the request cannot be approved (shown as an alert; the buttons are disabled). */
  problem: string | null
  accounts: ClientPageAccount[]
  approvePath: string
  cancelPath: string
  /** The CSP nonce of the page's inline script and style. */
  cspNonce: string
}

/** The Content-Security-Policy the page is served with (its inline script and style carry `nonce`). */
export function clientPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The whole page of the dev Farcaster client.
 *
 * @example
 * clientPage({ uri: 'https://farcaster.xyz/~/siwf?channelToken=…', request: { domain: '127.0.0.1:5123', … }, … })
 * // '<!doctype html>…<strong data-testid="farcaster-domain">127.0.0.1:5123</strong>…'
 */
export function clientPage(model: ClientPageModel): string {
  const e = escapeHtml
  const request = model.request
  const first = model.accounts[0]
  const disabled = model.problem === null && request !== null && first !== undefined ? '' : ' disabled'
  const rows: [string, string][] = request
    ? [
        ['App', request.domain],
        ['Sign-in URI', request.siweUri],
        ['Statement', request.statement],
        ...(request.notBefore ? [['Valid from', request.notBefore] as [string, string]] : []),
        ...(request.expirationTime ? [['Expires', request.expirationTime] as [string, string]] : []),
      ]
    : []
  const account =
    model.accounts.length > 1
      ? `<label for="account">Account</label>
<select id="account" data-testid="farcaster-account">
${model.accounts.map((a) => `<option value="${a.fid}">${e(a.displayName)} (@${e(a.username)}, fid ${a.fid})</option>`).join('\n')}
</select>`
      : first
        ? `<div class="account" data-testid="farcaster-user">
<img src="${e(first.pfpUrl)}" alt="" width="40" height="40">
<div><strong>${e(first.displayName)}</strong> <span class="muted">@${e(first.username)}</span><br>
<span class="muted">fid ${first.fid} · custody <code>${e(short(first.custody))}</code></span></div>
</div>`
        : ''
  const data = {
    uri: model.uri,
    fid: first?.fid ?? null,
    approvePath: model.approvePath,
    cancelPath: model.cancelPath,
  }
  const n = e(model.cspNonce)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Sign in with Farcaster${request ? ` to ${e(request.domain)}` : ''}</title>
<style nonce="${n}">
:root { --accent: #7c3aed; color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; background: #f5f3ff; color: #1e1b4b; }
[hidden] { display: none !important; }
main { max-width: 26rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { margin: 0 0 0.25rem; color: var(--accent); font-size: 1.4rem; }
.note, .muted { color: #475569; font-size: 0.875rem; }
.note { margin: 0 0 1rem; }
.ask { overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.75rem; margin: 0 0 1rem; }
dt { color: #475569; }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-family: ui-monospace, monospace; font-size: 0.85em; }
.account { display: flex; gap: 0.75rem; align-items: center; margin: 0 0 1rem; }
.account img { border-radius: 50%; }
label { display: block; margin: 0 0 0.25rem; font-weight: 600; }
select { box-sizing: border-box; width: 100%; margin: 0 0 1rem; padding: 0.5rem; border: 1px solid #94a3b8; border-radius: 6px; font: inherit; }
.actions { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
button { padding: 0.75rem; border: 0; border-radius: 8px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: #e2e8f0; color: #1e293b; }
button:disabled { background: #94a3b8; color: #fff; cursor: not-allowed; }
button:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
#status:empty, #alert:empty { display: none; }
#status { margin: 1rem 0 0; color: #166534; font-weight: 600; }
#alert { margin: 1rem 0 0; padding: 0.5rem 0.75rem; border-radius: 6px; background: #fef2f2; color: #991b1b; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Sign in with Farcaster</h1>
<p class="note">A local dev Farcaster client: approving signs this request with the dev account's custody key.</p>
${
  request
    ? `<p class="ask"><strong data-testid="farcaster-domain">${e(request.domain)}</strong> wants you to sign in with your Farcaster account.</p>
<dl aria-label="Sign-in request">
${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('\n')}
</dl>`
    : ''
}
${account}
<div class="actions" id="actions">
<button type="button" id="approve" data-testid="farcaster-approve"${disabled}>Approve sign-in</button>
<button type="button" id="cancel" class="secondary" data-testid="farcaster-cancel"${disabled}>Cancel</button>
</div>
<p id="status" role="status" aria-live="polite" data-testid="farcaster-status"></p>
<p id="alert" role="alert" data-testid="farcaster-error">${model.problem === null ? '' : e(model.problem)}</p>
${request?.redirectUrl ? `<p id="back" hidden><a href="${e(request.redirectUrl)}" rel="noreferrer">Back to ${e(request.domain)}</a></p>` : ''}
</main>
<script type="application/json" id="farcaster-data">${jsonForScript(data)}</script>
<script nonce="${n}">
${PAGE_SCRIPT}
</script>
</body>
</html>
`
}


/** A small round avatar (SVG) with the account's initial, served as the dev accounts' pfpUrl. */
export function avatarSvg(fid: number, label: string): string {
  const hue = (fid * 47) % 360
  const initial = escapeHtml((label.trim()[0] ?? '?').toUpperCase())
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 60% 45%)"/><text x="48" y="62" font-family="system-ui, sans-serif" font-size="44" font-weight="600" fill="#fff" text-anchor="middle">${initial}</text></svg>`
}

function short(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}


// The page's behaviour. It only ever writes text (`textContent`), never markup.
const PAGE_SCRIPT = String.raw`(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('farcaster-data').textContent)
  function $(id) { return document.getElementById(id) }
  var approve = $('approve'), cancel = $('cancel'), account = $('account')
  var statusEl = $('status'), alertEl = $('alert'), back = $('back')

  function busy(on) {
    approve.disabled = on
    cancel.disabled = on
    if (account) account.disabled = on
  }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (res) {
      return res.json().catch(function () { return {} }).then(function (json) {
        if (!res.ok) throw new Error(json && typeof json.error === 'string' ? json.error : 'The relay answered ' + res.status)
        return json
      })
    })
  }
  function finish(text) {
    $('actions').hidden = true
    if (account) account.disabled = true
    statusEl.textContent = text
  }
  function fail(error) {
    statusEl.textContent = ''
    alertEl.textContent = error && error.message ? error.message : String(error)
    busy(false)
  }

  approve.addEventListener('click', function () {
    alertEl.textContent = ''
    busy(true)
    statusEl.textContent = 'Signing\u2026'
    var fid = account ? Number(account.value) : data.fid
    post(data.approvePath, { uri: data.uri, fid: fid }).then(function () {
      finish('Signed in. Return to the app.')
      if (back) back.hidden = false
    }, fail)
  })
  cancel.addEventListener('click', function () {
    alertEl.textContent = ''
    busy(true)
    post(data.cancelPath, { uri: data.uri }).then(function () {
      finish('Cancelled')
      if (back) back.hidden = false
    }, fail)
  })
})()
`
