// Entry of the dev wallet page. The WalletConnect SDK reads Node globals (`process.env`,
// `global`) at load and at call time: set them first, then load the SDK-bearing code
// dynamically, so the globals exist before any SDK module is evaluated.
//
// `typeof process < "u" && process.env.IS_VITEST === "true"` makes @walletconnect/core and
// friends skip telemetry (pulse.walletconnect.org), verify (verify.walletconnect.org) and their
// default RPC host: with it, nothing leaves 127.0.0.1. Both halves are needed in a Vite build:
// - the `process` global below, for `typeof process < "u"`;
// - `define` of `process.env.IS_VITEST` (vite.config.ts): Vite rewrites any other
//   `process.env` in the bundle to `{}`, so setting the variable at run time does not reach
//   the SDK in a build (it does on the dev server, hence it is set here too).

const g = globalThis as unknown as { process?: { env?: Record<string, string | undefined> }; global?: unknown }
g.process ??= { env: {} }
g.process.env ??= {}
const env = g.process.env
env['IS_VITEST'] = 'true'
g.global ??= globalThis

import('./walletPage')
  .then(({ startWalletPage }) => startWalletPage(document, window.location))
  .catch((e: unknown) => {
    const status = document.querySelector('[data-testid="wallet-status"]')
    if (status) {
      status.textContent = `Failed to start: ${e instanceof Error ? e.message : String(e)}`
      status.setAttribute('data-status', 'error')
    }
    console.error(e)
  })
