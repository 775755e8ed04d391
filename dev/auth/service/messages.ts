// What the auth service mails and the pages it shows: the device approval mail, the one-time code
// mails, and the page an approval link opens. Codes never appear in a subject, only in the body
// as "Your code is 123456".

import { escapeHtml } from '../../stack/html'

/** A mail as the service's mailer takes it. */
export type ServiceMail = { to: string; subject: string; text: string; html?: string }

/** Why a code is mailed. */
export type CodePurpose = 'login' | 'confirm-current' | 'confirm-new'

const INTRO: Record<CodePurpose, { subject: string; line: string }> = {
  login: { subject: 'Your Gangway login code', line: 'Use this code to sign in to your Gangway wallet.' },
  'confirm-current': { subject: 'Confirm your e-mail change', line: 'Someone (hopefully you) asked to change the e-mail of your Gangway wallet. Enter this code to confirm it from your current address.' },
  'confirm-new': { subject: 'Confirm your new e-mail', line: 'Enter this code to confirm this address as the new e-mail of your Gangway wallet.' },
}

/** A one-time code mail. */
export function codeMail(to: string, code: string, purpose: CodePurpose, ttlMs: number): ServiceMail {
  const { subject, line } = INTRO[purpose]
  const minutes = Math.max(1, Math.round(ttlMs / 60_000))
  const validity = `It expires in ${minutes} minute${minutes === 1 ? '' : 's'}. If you did not ask for it, ignore this mail.`
  return {
    to,
    subject,
    text: `${line}\n\nYour code is ${code}\n\n${validity}\n`,
    html: `<p>${escapeHtml(line)}</p><p>Your code is <strong style="font-size:1.5em;letter-spacing:.15em">${code}</strong></p><p>${escapeHtml(validity)}</p>`,
  }
}

/** The mail that approves a new device for an address. */
export function approvalMail(to: string, link: string): ServiceMail {
  const text = `A new device is trying to sign in to your Gangway wallet.\n\nApprove this device: ${link}\n\nIf this was not you, ignore this mail; the device stays locked out.\n`
  return {
    to,
    subject: 'Approve your new device',
    text,
    html: `<p>A new device is trying to sign in to your Gangway wallet.</p><p><a href="${escapeHtml(link)}">Approve this device</a></p><p>If this was not you, ignore this mail; the device stays locked out.</p>`,
  }
}

/** A small page of one heading and one line. */
export function simplePage(title: string, line: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  main { max-width: 28rem; margin: 15vh auto; padding: 1.5rem; text-align: center; border: 1px solid #8884; border-radius: .75rem; }
  h1 { font-size: 1.25rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(line)}</p>
</main>
</body>
</html>
`
}
