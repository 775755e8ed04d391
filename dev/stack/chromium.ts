import { chromium, type Browser } from 'playwright-core'
import { shareSessionPriority } from './sessionPriority'

/** Debian's chromium; the test command installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium from reaching out on a machine without internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Resolves no host but 127.0.0.1: a page's requests to other hosts (a data API, a relay) fail at
 * once, in the browser itself. Unlike a Playwright route, it leaves the HTTP cache on and adds no
 * round trip through the driver to the requests that do go through.
 */
export const LOCAL_ONLY_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'

/**
 * A headless Chromium; Playwright gives every launch a fresh temporary profile. It runs at this
 * process's priority although Playwright starts it in a session of its own (see sessionPriority.ts).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
  shareSessionPriority()
  return browser
}
