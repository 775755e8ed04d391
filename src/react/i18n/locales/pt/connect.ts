// pt: strings of the connect views (English source text → translation).
import type { Catalogue } from '../../i18n.js'

const messages: Catalogue = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'Li e aceito: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'Ao conectar sua carteira, você aceita: {links}.',
  '{terms} and {privacy}': '{terms} e {privacy}',
  'Terms of Service': 'Termos de Serviço',
  'Privacy Policy': 'Política de Privacidade',
  'No wallets detected in this browser.': 'Nenhuma carteira detectada neste navegador.',
  'Wallets for {chain}': 'Carteiras para {chain}',
  'Recent': 'Recente',
  'Installed': 'Instalada',
  'Loading wallets': 'Carregando carteiras',
  'Continue with a wallet': 'Continuar com uma carteira',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'Nenhum diretório de carteiras está configurado.',
  'Search wallet': 'Buscar carteira',
  'Searching…': 'Buscando…',
  '1 wallet found': '1 carteira encontrada',
  '{count} wallets found': { one: '{count} carteira encontrada', other: '{count} carteiras encontradas' },
  'Loading wallets…': 'Carregando carteiras…',
  '{count} wallets': { one: '{count} carteira', other: '{count} carteiras' },
  'No wallet found for “{search}”.': 'Nenhuma carteira encontrada para “{search}”.',
  'No wallets to show.': 'Nenhuma carteira para mostrar.',
  'Wallets matching {search}': 'Carteiras que correspondem a {search}',
  'All wallets': 'Todas as carteiras',
  'Loading more wallets…': 'Carregando mais carteiras…',
  'Certified': 'Certificada',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'carteira',
  'Accept the connection request in your wallet.': 'Aceite a solicitação de conexão na sua carteira.',
  'Choose a wallet': 'Escolher uma carteira',
  'QR code to connect {wallet}': 'QR code para conectar a {wallet}',
  'QR code to connect your wallet': 'QR code para conectar sua carteira',
  'Scan this QR code with {wallet}': 'Escaneie este QR code com a {wallet}',
  'Scan this QR code with your phone': 'Escaneie este QR code com seu celular',
  'Preparing the QR code…': 'Preparando o QR code…',
  'Open {wallet}': 'Abrir {wallet}',
  'Open {wallet} desktop app': 'Abrir o app de desktop da {wallet}',
  'Open {wallet} in the browser': 'Abrir {wallet} no navegador',
  'Copy link': 'Copiar link',
  'Link copied': 'Link copiado',
}
export default messages
