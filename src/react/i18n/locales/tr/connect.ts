// tr: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'Şunları kabul ediyorum: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'Cüzdanınızı bağlayarak şunları kabul etmiş olursunuz: {links}.',
  '{terms} and {privacy}': '{terms} ve {privacy}',
  'Terms of Service': 'Hizmet Şartları',
  'Privacy Policy': 'Gizlilik Politikası',
  'No wallets detected in this browser.': 'Bu tarayıcıda cüzdan algılanmadı.',
  'Wallets for {chain}': '{chain} için cüzdanlar',
  'Recent': 'Son kullanılan',
  'Installed': 'Yüklü',
  'Loading wallets': 'Cüzdanlar yükleniyor',
  'Continue with a wallet': 'Cüzdanla devam et',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'Yapılandırılmış bir cüzdan dizini yok.',
  'Search wallet': 'Cüzdan ara',
  'Searching…': 'Aranıyor…',
  '1 wallet found': '1 cüzdan bulundu',
  '{count} wallets found': '{count} cüzdan bulundu',
  'Loading wallets…': 'Cüzdanlar yükleniyor…',
  '{count} wallets': '{count} cüzdan',
  'No wallet found for “{search}”.': '“{search}” için cüzdan bulunamadı.',
  'No wallets to show.': 'Gösterilecek cüzdan yok.',
  'Wallets matching {search}': '{search} ile eşleşen cüzdanlar',
  'All wallets': 'Tüm cüzdanlar',
  'Loading more wallets…': 'Daha fazla cüzdan yükleniyor…',
  'Certified': 'Sertifikalı',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'cüzdan',
  'Accept the connection request in your wallet.': 'Bağlantı isteğini cüzdanınızda kabul edin.',
  'Choose a wallet': 'Cüzdan seçin',
  'QR code to connect {wallet}': '{wallet} cüzdanını bağlamak için QR kodu',
  'QR code to connect your wallet': 'Cüzdanınızı bağlamak için QR kodu',
  'Scan this QR code with {wallet}': 'Bu QR kodunu {wallet} ile tarayın',
  'Scan this QR code with your phone': 'Bu QR kodunu telefonunuzla tarayın',
  'Preparing the QR code…': 'QR kodu hazırlanıyor…',
  'Open {wallet}': '{wallet} uygulamasını aç',
  'Open {wallet} desktop app': '{wallet} masaüstü uygulamasını aç',
  'Open {wallet} in the browser': '{wallet} uygulamasını tarayıcıda aç',
  'Copy link': 'Bağlantıyı kopyala',
  'Link copied': 'Bağlantı kopyalandı',
}
export default messages
