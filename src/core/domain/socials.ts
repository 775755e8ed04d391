/**
 * Which social logins a visitor is offered (spec §1: the list comes from the project's
 * configuration and is filtered by platform inside a messaging mini-app). Inside a mini-app the
 * sign-in opens in the messenger's own web view, where Google and Facebook refuse to sign in
 * (their sign-in pages block embedded web views); those two are left out there.
 */

/** Messaging mini-apps the modal recognises. */
export type MiniApp = 'telegram'

/** The social logins whose sign-in pages refuse a messenger's embedded web view. */
export const MINI_APP_BLOCKED_SOCIALS: readonly string[] = /* @__PURE__ */ Object.freeze(['google', 'facebook'])

/**
 * The project's social logins as offered on this platform, in their order.
 *
 * @example
 * socialsForPlatform(['google', 'x', 'github'], 'telegram') // ['x', 'github']
 * socialsForPlatform(['google', 'x'], null) // ['google', 'x']
 */
export function socialsForPlatform(socials: readonly string[], miniApp: MiniApp | null | undefined): string[] {
  return miniApp ? socials.filter((s) => !MINI_APP_BLOCKED_SOCIALS.includes(s)) : [...socials]
}
