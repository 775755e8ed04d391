// The sign-in page of the local OpenID Connect provider: one screen per stood-in social provider
// ("Sign in with GitHub") asking for the e-mail and user name to sign in as. No script; a plain
// form a person can fill in and a test can post.
import { escapeHtml } from '../stack/html'

/** The test ids on the sign-in form. */
export const LOGIN_TEST_IDS = {
  email: 'oidc-email',
  username: 'oidc-username',
  continue: 'oidc-continue',
  cancel: 'oidc-cancel',
} as const

/** What the sign-in page shows. */
export type LoginPageModel = {
  /** The provider's display name, e.g. "GitHub". */
  providerName: string
  /** Where the form posts (the interaction's own path). */
  action: string
  email: string
  username: string
  /** A problem with the last submission, shown above the form. */
  error?: string
}


const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(22rem, 100% - 2rem); padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
  p { margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; }
  .actions { display: flex; gap: 0.5rem; margin-top: 1.25rem; }
  button { flex: 1; padding: 0.6rem; font: inherit; cursor: pointer; }
  [role="alert"] { color: #b00020; font-weight: 600; }
`

/** The sign-in page: an e-mail and a user-name field, Continue and Cancel. */
export function renderLoginPage(model: LoginPageModel): string {
  const name = escapeHtml(model.providerName)
  const error = model.error ? `<p role="alert">${escapeHtml(model.error)}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in with ${name}</h1>
<p>Local test account for ${name}. Any e-mail address signs in as that account.</p>
${error}<form method="post" action="${escapeHtml(model.action)}">
<label for="oidc-email">E-mail</label>
<input id="oidc-email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(model.email)}" data-testid="${LOGIN_TEST_IDS.email}">
<label for="oidc-username">User name</label>
<input id="oidc-username" name="username" type="text" autocomplete="username" required maxlength="64" value="${escapeHtml(model.username)}" data-testid="${LOGIN_TEST_IDS.username}">
<div class="actions">
<button type="submit" name="action" value="continue" data-testid="${LOGIN_TEST_IDS.continue}">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate data-testid="${LOGIN_TEST_IDS.cancel}">Cancel</button>
</div>
</form>
</main>
</body>
</html>`
}

/** A page for a sign-in that cannot go on (expired or unknown interaction, provider error). */
export function renderMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>`
}
