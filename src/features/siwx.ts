import type { SiwxOptions, SiwxSetup } from '../options/modalOptions.js'

/**
 * The `siwx` option of `createModal`: sign-in with a wallet after connect (CAIP-122: EIP-4361 on
 * EVM accounts, Sign-In With Solana on Solana accounts). `required` keeps the sign-in view open
 * until a session exists; `statement` is the message's one line to the visitor; `hosted` keeps
 * the sessions in `apiUrl`'s session store.
 * Its effects load as the session starts, its views when reachable; a host without it builds
 * without its code.
 *
 * @example
 * createModal({ projectId, adapters, networks, siwx: siwx({ statement: 'Sign in to Acme.' }) })
 */
export function siwx(options: SiwxOptions = {}): SiwxSetup {
  return {
    ...options,
    effects: () => import('../core/effects/siwx/siwxEffects.js').then((m) => m.siwxEffects),
    views: () => import('../react/views/siwx/siwxViews.js').then((m) => m.siwxViews),
  }
}
