// The dev on-ramp providers' pages: one self-contained HTML document (inline CSS and script, no
// external resources) that quotes through `POST /onramp/<id>/quote` and pays through
// `POST /onramp/<id>/pay`. Whatever came from the query is escaped: printed as text, never markup.
import { escapeHtml, jsonForScript } from '../stack/html'

/** What a provider page shows; `problem` (a query it cannot pay) is shown as an alert and disables Pay. */
export type OnrampPageModel = {
  provider: { id: string; label: string; fee: string }
  problem: string | null
  /** The destination wallet as the query gave it (maybe invalid: then `problem` says so). */
  wallet: string
  network: { caip2: string; displayName: string } | null
  /** The asset bought, e.g. USDC. */
  asset: string
  /** The prefilled payment amount, decimal text with 2 decimals. */
  amount: string
  /** Further query values shown as they came, e.g. `['Customer id', …]`. */
  details: [label: string, value: string][]
  quotePath: string
  payPath: string
  limits: { id: string; min: string; max: string }[]
}

const ACCENTS: Record<string, string> = { gangwaypay: '#4338ca', devramp: '#0f766e' }

/**
 * The whole page of a dev on-ramp provider.
 *
 * @example
 * onrampPage({ provider: { id: 'gangwaypay', label: 'Gangway Pay', fee: '1%' }, problem: null, wallet: '0xf39F…', … })
 * // '<!doctype html>…<h1>Gangway Pay</h1>…'
 */
export function onrampPage(model: OnrampPageModel): string {
  const e = escapeHtml
  const accent = ACCENTS[model.provider.id] ?? '#334155'
  const short = model.wallet.length > 80 ? `${model.wallet.slice(0, 80)}…` : model.wallet
  const rows: [string, string][] = [
    ['Wallet', short || '(none)'],
    ['Network', model.network ? `${model.network.displayName} (${model.network.caip2})` : '(unknown)'],
    ['Asset', model.asset],
    ...model.details.map(([label, value]): [string, string] => [label, value.length > 120 ? `${value.slice(0, 120)}…` : value]),
  ]
  const data = {
    provider: model.provider,
    problem: model.problem,
    wallet: model.wallet,
    network: model.network?.caip2 ?? null,
    asset: model.asset,
    quotePath: model.quotePath,
    payPath: model.payPath,
    limits: model.limits,
  }
  const disabled = model.problem === null ? '' : ' disabled'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(model.provider.label)}: buy ${e(model.asset)}</title>
<style>
:root { --accent: ${accent}; color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; background: #f1f5f9; color: #0f172a; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { margin: 0 0 0.25rem; color: var(--accent); font-size: 1.5rem; }
.note { margin: 0 0 1rem; color: #475569; font-size: 0.875rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.75rem; margin: 0 0 1rem; }
dt { color: #475569; }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-family: ui-monospace, monospace; font-size: 0.85em; }
label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
input, select { box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid #94a3b8; border-radius: 6px; font: inherit; }
input:focus-visible, select:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
input[aria-invalid="true"] { border-color: #b91c1c; }
fieldset { margin: 1rem 0 0; border: 1px solid #cbd5e1; border-radius: 8px; }
legend { font-weight: 600; padding: 0 0.25rem; }
.hint { margin: 0.25rem 0 0; color: #475569; font-size: 0.8rem; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
.summary { margin-top: 1rem; background: #f8fafc; border-radius: 8px; padding: 0.75rem; }
button { margin-top: 1rem; width: 100%; padding: 0.75rem; border: 0; border-radius: 8px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button:disabled { background: #94a3b8; cursor: not-allowed; }
#status:empty, #alert:empty { display: none; }
#status { margin: 1rem 0 0; color: #166534; font-weight: 600; overflow-wrap: anywhere; }
#alert { margin: 1rem 0 0; padding: 0.5rem 0.75rem; border-radius: 6px; background: #fef2f2; color: #991b1b; }
</style>
</head>
<body>
<main>
<h1 id="title">${e(model.provider.label)}</h1>
<p class="note">A local dev on-ramp: no money is taken; the ${e(model.asset)} bought is delivered on the local network. Fee ${e(model.provider.fee)}.</p>
<dl aria-label="Purchase">
${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd><code>${e(value)}</code></dd>`).join('\n')}
</dl>
<form id="pay-form" novalidate>
<label for="amount">Amount</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required value="${e(model.amount)}" aria-describedby="amount-hint">
<p class="hint" id="amount-hint"></p>
<div class="row">
<div><label for="currency">Currency</label>
<select id="currency" name="currency"><option value="USD">USD</option><option value="EUR">EUR</option></select></div>
<div><label for="method">Payment method</label>
<select id="method" name="method"><option value="card">Card</option><option value="ach_bank_account">Bank account</option></select></div>
</div>
<fieldset id="card-fields">
<legend>Card (test data)</legend>
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242">
<div class="row">
<div><label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="cardExpiry" autocomplete="off" value="12/34"></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" name="cardCvc" inputmode="numeric" autocomplete="off" value="123"></div>
</div>
<label for="card-name">Name on card</label>
<input id="card-name" name="cardName" autocomplete="off" value="Dev Tester">
</fieldset>
<fieldset id="bank-fields" hidden>
<legend>Bank account (test data)</legend>
<label for="bank-routing">Routing number</label>
<input id="bank-routing" name="bankRouting" inputmode="numeric" autocomplete="off" value="110000000">
<label for="bank-account">Account number</label>
<input id="bank-account" name="bankAccount" inputmode="numeric" autocomplete="off" value="000123456789">
</fieldset>
<dl class="summary" aria-label="Quote">
<dt>Provider fee (${e(model.provider.fee)})</dt><dd id="fee">…</dd>
<dt>Network fee</dt><dd id="network-fee">…</dd>
<dt>You receive</dt><dd id="receive">…</dd>
</dl>
<button type="submit" id="pay"${disabled}>Pay</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
<p id="alert" role="alert">${model.problem === null ? '' : e(model.problem)}</p>
<section id="done" hidden aria-labelledby="done-title">
<h2 id="done-title" tabindex="-1">Payment complete</h2>
<p>Transaction: <code id="tx"></code></p>
<button type="button" id="return">Return to the app</button>
</section>
</main>
<script type="application/json" id="onramp-data">${jsonForScript(data)}</script>
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
  var data = JSON.parse(document.getElementById('onramp-data').textContent)
  function $(id) { return document.getElementById(id) }
  var form = $('pay-form'), amount = $('amount'), currency = $('currency'), method = $('method')
  var statusEl = $('status'), alertEl = $('alert'), payButton = $('pay')
  var sequence = 0, timer = 0, paying = false

  function short(address) { return address.length > 12 ? address.slice(0, 6) + '\u2026' + address.slice(-4) : address }
  function purchase() {
    return { purchaseCurrency: data.asset, paymentCurrency: currency.value, amount: amount.value.trim(), network: data.network, paymentMethod: method.value }
  }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (res) {
      return res.json().catch(function () { return {} }).then(function (json) {
        if (!res.ok) throw new Error(json && typeof json.error === 'string' ? json.error : 'The provider answered HTTP ' + res.status)
        return json
      })
    })
  }
  function showLimits() {
    var limit = data.limits.filter(function (l) { return l.id === method.value })[0]
    $('amount-hint').textContent = limit ? 'From ' + limit.min + ' to ' + limit.max + ' ' + currency.value + ' by ' + (method.value === 'card' ? 'card' : 'bank account') + '.' : ''
    $('card-fields').hidden = method.value !== 'card'
    $('bank-fields').hidden = method.value === 'card'
  }
  function clearQuote() { $('fee').textContent = '\u2014'; $('network-fee').textContent = '\u2014'; $('receive').textContent = '\u2014' }
  function requote() {
    var mine = ++sequence
    if (data.problem) { clearQuote(); return }
    post(data.quotePath, purchase()).then(function (quote) {
      if (mine !== sequence) return
      $('fee').textContent = quote.providerFee.amount + ' ' + quote.providerFee.currency
      $('network-fee').textContent = quote.networkFee.amount + ' ' + quote.networkFee.currency
      $('receive').textContent = quote.purchaseAmount.amount + ' ' + quote.purchaseAmount.currency
      amount.removeAttribute('aria-invalid')
      alertEl.textContent = ''
      payButton.disabled = paying
    }, function (error) {
      if (mine !== sequence) return
      clearQuote()
      amount.setAttribute('aria-invalid', 'true')
      alertEl.textContent = error.message
      payButton.disabled = true
    })
  }
  function schedule() { clearTimeout(timer); timer = setTimeout(requote, 200) }
  /** The fake payment details: checked for shape only, never sent. */
  function paymentDetailsProblem() {
    var checks = method.value === 'card'
      ? [['card-number', /^\d{12,19}$/, 'The card number must have 12 to 19 digits.'], ['card-expiry', /^(0[1-9]|1[0-2])\/\d{2}$/, 'The expiry must read MM/YY.'], ['card-cvc', /^\d{3,4}$/, 'The CVC must have 3 or 4 digits.'], ['card-name', /\S/, 'Enter the name on the card.']]
      : [['bank-routing', /^\d{9}$/, 'The routing number must have 9 digits.'], ['bank-account', /^\d{4,17}$/, 'The account number must have 4 to 17 digits.']]
    for (var i = 0; i < checks.length; i++) {
      var field = $(checks[i][0])
      var ok = checks[i][1].test(field.value.replace(/\s+/g, checks[i][0] === 'card-name' ? ' ' : ''))
      field.setAttribute('aria-invalid', ok ? 'false' : 'true')
      if (!ok) { field.focus(); return checks[i][2] }
    }
    return null
  }

  amount.addEventListener('input', schedule)
  currency.addEventListener('change', function () { showLimits(); requote() })
  method.addEventListener('change', function () { showLimits(); requote() })
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    if (data.problem || paying) return
    var problem = paymentDetailsProblem()
    if (problem) { alertEl.textContent = problem; return }
    paying = true
    payButton.disabled = true
    alertEl.textContent = ''
    statusEl.textContent = 'Processing payment\u2026'
    var body = purchase()
    body.address = data.wallet
    post(data.payPath, body).then(function (paid) {
      form.hidden = true
      statusEl.textContent = 'Payment complete: ' + paid.purchaseAmount + ' ' + paid.currency + ' sent to ' + short(paid.address)
      $('tx').textContent = paid.txHash
      $('done').hidden = false
      $('done-title').focus()
    }, function (error) {
      statusEl.textContent = ''
      alertEl.textContent = error.message
      payButton.disabled = false
    }).then(function () { paying = false })
  })
  $('return').addEventListener('click', function () { window.close() })
  showLimits()
  requote()
})()`
