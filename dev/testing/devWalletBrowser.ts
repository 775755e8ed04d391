// The browser side of gangway-kit-testing's installDevWallet: bundled with viem into one script that
// Playwright adds to the page before the page's own scripts.
import { installDevWallet, type DevWalletOptions } from '../extension/devWallet'

;(window as unknown as { __gangwayTestingInstallDevWallet(o: DevWalletOptions): void }).__gangwayTestingInstallDevWallet = (options) => {
  installDevWallet(options)
}
