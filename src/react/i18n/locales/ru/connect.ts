// ru: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'Я принимаю: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'Подключая кошелёк, вы принимаете: {links}.',
  '{terms} and {privacy}': '{terms} и {privacy}',
  'Terms of Service': 'Условия использования',
  'Privacy Policy': 'Политика конфиденциальности',
  'No wallets detected in this browser.': 'В этом браузере не найдено кошельков.',
  'Wallets for {chain}': 'Кошельки для {chain}',
  'Recent': 'Недавний',
  'Installed': 'Установлен',
  'Loading wallets': 'Загрузка кошельков',
  'Continue with a wallet': 'Продолжить с кошельком',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'Каталог кошельков не настроен.',
  'Search wallet': 'Поиск кошелька',
  'Searching…': 'Поиск…',
  '1 wallet found': 'Найден 1 кошелёк',
  '{count} wallets found': 'Найдено кошельков: {count}',
  'Loading wallets…': 'Загрузка кошельков…',
  '{count} wallets': 'Кошельков: {count}',
  'No wallet found for “{search}”.': 'По запросу «{search}» кошельки не найдены.',
  'No wallets to show.': 'Нет кошельков для показа.',
  'Wallets matching {search}': 'Кошельки по запросу {search}',
  'All wallets': 'Все кошельки',
  'Loading more wallets…': 'Загрузка других кошельков…',
  'Certified': 'Сертифицирован',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'кошелёк',
  'Accept the connection request in your wallet.': 'Примите запрос на подключение в кошельке.',
  'Choose a wallet': 'Выберите кошелёк',
  'QR code to connect {wallet}': 'QR-код для подключения {wallet}',
  'QR code to connect your wallet': 'QR-код для подключения кошелька',
  'Scan this QR code with {wallet}': 'Отсканируйте этот QR-код в {wallet}',
  'Scan this QR code with your phone': 'Отсканируйте этот QR-код телефоном',
  'Preparing the QR code…': 'Подготовка QR-кода…',
  'Open {wallet}': 'Открыть {wallet}',
  'Open {wallet} desktop app': 'Открыть приложение {wallet} для компьютера',
  'Open {wallet} in the browser': 'Открыть {wallet} в браузере',
  'Copy link': 'Копировать ссылку',
  'Link copied': 'Ссылка скопирована',
}
export default messages
