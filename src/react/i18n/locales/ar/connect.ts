// ar: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'أوافق على {links}.',
  'By connecting your wallet, you agree to the {links}.': 'بربط محفظتك، فإنك توافق على {links}.',
  '{terms} and {privacy}': '{terms} و{privacy}',
  'Terms of Service': 'شروط الخدمة',
  'Privacy Policy': 'سياسة الخصوصية',
  'No wallets detected in this browser.': 'لم يتم اكتشاف أي محفظة في هذا المتصفح.',
  'Wallets for {chain}': 'محافظ {chain}',
  'Recent': 'مستخدمة مؤخرًا',
  'Installed': 'مثبّتة',
  'Loading wallets': 'جارٍ تحميل المحافظ',
  'Continue with a wallet': 'المتابعة بمحفظة',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'لم يتم إعداد دليل للمحافظ.',
  'Search wallet': 'ابحث عن محفظة',
  'Searching…': 'جارٍ البحث…',
  '1 wallet found': 'تم العثور على محفظة واحدة',
  '{count} wallets found': 'عدد المحافظ التي تم العثور عليها: {count}',
  'Loading wallets…': 'جارٍ تحميل المحافظ…',
  '{count} wallets': 'عدد المحافظ: {count}',
  'No wallet found for “{search}”.': 'لم يتم العثور على أي محفظة لـ «{search}».',
  'No wallets to show.': 'لا توجد محافظ لعرضها.',
  'Wallets matching {search}': 'المحافظ المطابقة لـ {search}',
  'All wallets': 'كل المحافظ',
  'Loading more wallets…': 'جارٍ تحميل المزيد من المحافظ…',
  'Certified': 'معتمدة',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'المحفظة',
  'Accept the connection request in your wallet.': 'اقبل طلب الاتصال في محفظتك.',
  'Choose a wallet': 'اختر محفظة',
  'QR code to connect {wallet}': 'رمز QR لربط {wallet}',
  'QR code to connect your wallet': 'رمز QR لربط محفظتك',
  'Scan this QR code with {wallet}': 'امسح رمز QR هذا باستخدام {wallet}',
  'Scan this QR code with your phone': 'امسح رمز QR هذا بهاتفك',
  'Preparing the QR code…': 'جارٍ تجهيز رمز QR…',
  'Open {wallet}': 'فتح {wallet}',
  'Open {wallet} desktop app': 'فتح تطبيق {wallet} لسطح المكتب',
  'Open {wallet} in the browser': 'فتح {wallet} في المتصفح',
  'Copy link': 'نسخ الرابط',
  'Link copied': 'تم نسخ الرابط',
}
export default messages
