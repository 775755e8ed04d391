// de: strings of the connect views (English source text → translation).
import type { Catalogue } from '../../i18n.js'

const messages: Catalogue = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'Ich stimme zu: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'Mit dem Verbinden deiner Wallet stimmst du zu: {links}.',
  '{terms} and {privacy}': '{terms} und {privacy}',
  'Terms of Service': 'Nutzungsbedingungen',
  'Privacy Policy': 'Datenschutzerklärung',
  'No wallets detected in this browser.': 'In diesem Browser wurden keine Wallets gefunden.',
  'Wallets for {chain}': 'Wallets für {chain}',
  'Recent': 'Zuletzt verwendet',
  'Installed': 'Installiert',
  'Loading wallets': 'Wallets werden geladen',
  'Continue with a wallet': 'Mit einer Wallet fortfahren',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'Es ist kein Wallet-Verzeichnis konfiguriert.',
  'Search wallet': 'Wallet suchen',
  'Searching…': 'Suche läuft…',
  '1 wallet found': '1 Wallet gefunden',
  '{count} wallets found': '{count} Wallets gefunden',
  'Loading wallets…': 'Wallets werden geladen…',
  '{count} wallets': { one: '{count} Wallet', other: '{count} Wallets' },
  'No wallet found for “{search}”.': 'Keine Wallet für „{search}“ gefunden.',
  'No wallets to show.': 'Keine Wallets zum Anzeigen.',
  'Wallets matching {search}': 'Wallets, die zu {search} passen',
  'All wallets': 'Alle Wallets',
  'Loading more wallets…': 'Weitere Wallets werden geladen…',
  'Certified': 'Zertifiziert',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'Wallet',
  'Accept the connection request in your wallet.': 'Akzeptiere die Verbindungsanfrage in deiner Wallet.',
  'Choose a wallet': 'Wallet auswählen',
  'QR code to connect {wallet}': 'QR-Code zum Verbinden von {wallet}',
  'QR code to connect your wallet': 'QR-Code zum Verbinden deiner Wallet',
  'Scan this QR code with {wallet}': 'Scanne diesen QR-Code mit {wallet}',
  'Scan this QR code with your phone': 'Scanne diesen QR-Code mit deinem Smartphone',
  'Preparing the QR code…': 'QR-Code wird vorbereitet…',
  'Open {wallet}': '{wallet} öffnen',
  'Open {wallet} desktop app': 'Desktop-App von {wallet} öffnen',
  'Open {wallet} in the browser': '{wallet} im Browser öffnen',
  'Copy link': 'Link kopieren',
  'Link copied': 'Link kopiert',
}
export default messages
