// es: strings of the connect views (English source text → translation).
import type { Catalogue } from '../../i18n.js'

const messages: Catalogue = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'He leído y acepto: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'Al conectar tu billetera, aceptas: {links}.',
  '{terms} and {privacy}': '{terms} y {privacy}',
  'Terms of Service': 'Términos de servicio',
  'Privacy Policy': 'Política de privacidad',
  'No wallets detected in this browser.': 'No se detectaron billeteras en este navegador.',
  'Wallets for {chain}': 'Billeteras para {chain}',
  'Recent': 'Reciente',
  'Installed': 'Instalada',
  'Loading wallets': 'Cargando billeteras',
  'Continue with a wallet': 'Continuar con una billetera',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'No hay ningún directorio de billeteras configurado.',
  'Search wallet': 'Buscar billetera',
  'Searching…': 'Buscando…',
  '1 wallet found': '1 billetera encontrada',
  '{count} wallets found': '{count} billeteras encontradas',
  'Loading wallets…': 'Cargando billeteras…',
  '{count} wallets': { one: '{count} billetera', other: '{count} billeteras' },
  'No wallet found for “{search}”.': 'No se encontró ninguna billetera para «{search}».',
  'No wallets to show.': 'No hay billeteras para mostrar.',
  'Wallets matching {search}': 'Billeteras que coinciden con {search}',
  'All wallets': 'Todas las billeteras',
  'Loading more wallets…': 'Cargando más billeteras…',
  'Certified': 'Certificada',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'billetera',
  'Accept the connection request in your wallet.': 'Acepta la solicitud de conexión en tu billetera.',
  'Choose a wallet': 'Elegir una billetera',
  'QR code to connect {wallet}': 'Código QR para conectar {wallet}',
  'QR code to connect your wallet': 'Código QR para conectar tu billetera',
  'Scan this QR code with {wallet}': 'Escanea este código QR con {wallet}',
  'Scan this QR code with your phone': 'Escanea este código QR con tu teléfono',
  'Preparing the QR code…': 'Preparando el código QR…',
  'Open {wallet}': 'Abrir {wallet}',
  'Open {wallet} desktop app': 'Abrir la aplicación de escritorio de {wallet}',
  'Open {wallet} in the browser': 'Abrir {wallet} en el navegador',
  'Copy link': 'Copiar enlace',
  'Link copied': 'Enlace copiado',
}
export default messages
