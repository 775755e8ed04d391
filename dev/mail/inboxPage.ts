// The mail sink's inbox page: every mail caught, newest first, readable in a browser while the
// demo runs. Links in a mail are clickable and one-time codes stand out; all mail content is
// escaped, so a mail cannot inject markup or script into the page.

import type { Mail } from './mailSink'
import { escapeHtml } from '../stack/html'

/** Links the page makes clickable: http(s) URLs up to the first space or angle bracket. */
const LINK = /\bhttps?:\/\/[^\s<>"']+/g
/** Six-digit one-time codes. */
const CODE = /\b\d{6}\b/g


/** A text segment with six-digit codes wrapped in `<mark>`, escaped. */
function markCodes(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(CODE)) {
    out += escapeHtml(text.slice(last, match.index)) + `<mark class="code">${match[0]}</mark>`
    last = match.index + match[0].length
  }
  return out + escapeHtml(text.slice(last))
}

/** A mail's plain text as HTML: escaped, links clickable, codes marked. */
export function renderMailText(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(LINK)) {
    // A sentence's closing punctuation is not part of the link.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '')
    out += markCodes(text.slice(last, match.index)) + `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(href)}</a>`
    last = match.index + href.length
  }
  return out + markCodes(text.slice(last))
}

/** `HH:MM:SS` of a time, UTC, for the list. */
function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19)
}

/** One mail as an `<article>`. */
function renderMail(mail: Mail): string {
  const code = (mail.subject + '\n' + mail.text).match(/\b(\d{6})\b/)?.[1]
  return `<article class="mail" id="mail-${escapeHtml(mail.id)}">
  <header>
    <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
    ${code ? `<span class="badge" title="One-time code">Code <strong class="code">${code}</strong></span>` : ''}
  </header>
  <dl>
    <dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
    <dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
    <dt>Received</dt><dd><time datetime="${new Date(mail.receivedAt).toISOString()}">${clock(mail.receivedAt)} UTC</time></dd>
  </dl>
  <pre class="text">${renderMailText(mail.text)}</pre>
</article>`
}

/**
 * The whole inbox page for the given mails (already newest first). It refreshes its list every
 * 2 s in place (the scroll position stays), or reloads when scripts are off.
 */
export function inboxPage(mails: readonly Mail[], options: { filter?: string } = {}): string {
  const title = options.filter ? `Inbox of ${options.filter}` : 'Inbox'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gangway dev mail</title>
<noscript><meta http-equiv="refresh" content="2"></noscript>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 52rem; padding: 1rem; }
  h1 { font-size: 1.25rem; display: flex; gap: 1rem; align-items: baseline; }
  h1 small { font-weight: normal; opacity: .7; font-size: .85rem; }
  .mail { border: 1px solid #8884; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
  .mail header { display: flex; justify-content: space-between; gap: 1rem; align-items: center; }
  .mail h2 { font-size: 1rem; margin: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: .5rem 0; font-size: .85rem; }
  dt { opacity: .7; } dd { margin: 0; word-break: break-all; }
  pre.text { white-space: pre-wrap; word-break: break-word; font: inherit; margin: .5rem 0 0; }
  mark.code, strong.code { font-family: ui-monospace, monospace; font-size: 1.1em; letter-spacing: .1em; }
  .badge { border-radius: 1rem; padding: .1rem .6rem; background: #2563eb22; white-space: nowrap; }
  .empty { opacity: .7; }
</style>
</head>
<body>
<h1>${escapeHtml(title)} <small><span id="count">${mails.length}</span> mail${mails.length === 1 ? '' : 's'}, newest first</small></h1>
<main id="inbox">
${mails.length ? mails.map(renderMail).join('\n') : '<p class="empty">No mail yet. This page refreshes every 2 seconds.</p>'}
</main>
<script>
  setInterval(async () => {
    try {
      const reply = await fetch(location.href, { cache: 'no-store' })
      const page = new DOMParser().parseFromString(await reply.text(), 'text/html')
      const fresh = page.getElementById('inbox')
      const inbox = document.getElementById('inbox')
      if (fresh && inbox && fresh.innerHTML !== inbox.innerHTML) {
        inbox.innerHTML = fresh.innerHTML
        document.querySelector('h1').innerHTML = page.querySelector('h1').innerHTML
      }
    } catch {}
  }, 2000)
</script>
</body>
</html>
`
}
