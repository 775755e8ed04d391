// fr: strings of the connect views (English source text → translation).
import type { Catalogue } from '../../i18n.js'

const messages: Catalogue = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'J’ai lu et j’accepte : {links}.',
  'By connecting your wallet, you agree to the {links}.': 'En connectant votre portefeuille, vous acceptez : {links}.',
  '{terms} and {privacy}': '{terms} et {privacy}',
  'Terms of Service': 'Conditions d’utilisation',
  'Privacy Policy': 'Politique de confidentialité',
  'No wallets detected in this browser.': 'Aucun portefeuille détecté dans ce navigateur.',
  'Wallets for {chain}': 'Portefeuilles pour {chain}',
  'Recent': 'Récent',
  'Installed': 'Installé',
  'Loading wallets': 'Chargement des portefeuilles',
  'Continue with a wallet': 'Continuer avec un portefeuille',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'Aucun annuaire de portefeuilles n’est configuré.',
  'Search wallet': 'Rechercher un portefeuille',
  'Searching…': 'Recherche…',
  '1 wallet found': '1 portefeuille trouvé',
  '{count} wallets found': { one: '{count} portefeuille trouvé', other: '{count} portefeuilles trouvés' },
  'Loading wallets…': 'Chargement des portefeuilles…',
  '{count} wallets': { one: '{count} portefeuille', other: '{count} portefeuilles' },
  'No wallet found for “{search}”.': 'Aucun portefeuille trouvé pour « {search} ».',
  'No wallets to show.': 'Aucun portefeuille à afficher.',
  'Wallets matching {search}': 'Portefeuilles correspondant à {search}',
  'All wallets': 'Tous les portefeuilles',
  'Loading more wallets…': 'Chargement d’autres portefeuilles…',
  'Certified': 'Certifié',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'portefeuille',
  'Accept the connection request in your wallet.': 'Acceptez la demande de connexion dans votre portefeuille.',
  'Choose a wallet': 'Choisir un portefeuille',
  'QR code to connect {wallet}': 'QR code pour connecter {wallet}',
  'QR code to connect your wallet': 'QR code pour connecter votre portefeuille',
  'Scan this QR code with {wallet}': 'Scannez ce QR code avec {wallet}',
  'Scan this QR code with your phone': 'Scannez ce QR code avec votre téléphone',
  'Preparing the QR code…': 'Préparation du QR code…',
  'Open {wallet}': 'Ouvrir {wallet}',
  'Open {wallet} desktop app': 'Ouvrir l’application de bureau {wallet}',
  'Open {wallet} in the browser': 'Ouvrir {wallet} dans le navigateur',
  'Copy link': 'Copier le lien',
  'Link copied': 'Lien copié',
}
export default messages
