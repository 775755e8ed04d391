// zh: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': '我同意{links}。',
  'By connecting your wallet, you agree to the {links}.': '连接钱包即表示你同意{links}。',
  '{terms} and {privacy}': '{terms}和{privacy}',
  'Terms of Service': '服务条款',
  'Privacy Policy': '隐私政策',
  'No wallets detected in this browser.': '未在此浏览器中检测到钱包。',
  'Wallets for {chain}': '适用于 {chain} 的钱包',
  'Recent': '最近使用',
  'Installed': '已安装',
  'Loading wallets': '正在加载钱包',
  'Continue with a wallet': '使用钱包继续',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': '未配置钱包目录。',
  'Search wallet': '搜索钱包',
  'Searching…': '正在搜索…',
  '1 wallet found': '找到 1 个钱包',
  '{count} wallets found': '找到 {count} 个钱包',
  'Loading wallets…': '正在加载钱包…',
  '{count} wallets': '{count} 个钱包',
  'No wallet found for “{search}”.': '未找到与“{search}”匹配的钱包。',
  'No wallets to show.': '没有可显示的钱包。',
  'Wallets matching {search}': '与{search}匹配的钱包',
  'All wallets': '所有钱包',
  'Loading more wallets…': '正在加载更多钱包…',
  'Certified': '已认证',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': '钱包',
  'Accept the connection request in your wallet.': '请在钱包中接受连接请求。',
  'Choose a wallet': '选择钱包',
  'QR code to connect {wallet}': '用于连接{wallet}的二维码',
  'QR code to connect your wallet': '用于连接钱包的二维码',
  'Scan this QR code with {wallet}': '使用{wallet}扫描此二维码',
  'Scan this QR code with your phone': '使用手机扫描此二维码',
  'Preparing the QR code…': '正在生成二维码…',
  'Open {wallet}': '打开{wallet}',
  'Open {wallet} desktop app': '打开{wallet}桌面应用',
  'Open {wallet} in the browser': '在浏览器中打开{wallet}',
  'Copy link': '复制链接',
  'Link copied': '链接已复制',
}
export default messages
