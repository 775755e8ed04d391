import { chromium, type Browser } from 'playwright-core'
import { shareSessionPriority } from './sessionPriority'

/** Debian's chromium; the test command installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The Chromium features Playwright (1.65) turns off, which a `--disable-features` of ours must
 * repeat: Chromium keeps only the last value of a repeated switch, and ours comes after Playwright's.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
]

/**
 * Features of the browser's own window that no test page uses. Headless Chromium 156 loads the
 * address bar's suggestion popups (two WebUI pages, a renderer of their own) in every new window,
 * that is in every browser context: measured against `npm start`'s demo, a context, the demo's
 * load and the modal's opening cost 6.4–7.5 CPU-s with them and 4.0–4.8 without.
 */
const UNUSED_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/** Flags that keep Chromium from reaching out on a machine without internet, and from work no test needs. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_FEATURES].join(',')}`,
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
