// ja: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': '{links}に同意します。',
  'By connecting your wallet, you agree to the {links}.': 'ウォレットを接続すると、{links}に同意したものとみなされます。',
  '{terms} and {privacy}': '{terms}と{privacy}',
  'Terms of Service': '利用規約',
  'Privacy Policy': 'プライバシーポリシー',
  'No wallets detected in this browser.': 'このブラウザではウォレットが検出されませんでした。',
  'Wallets for {chain}': '{chain}用のウォレット',
  'Recent': '最近使用',
  'Installed': 'インストール済み',
  'Loading wallets': 'ウォレットを読み込み中',
  'Continue with a wallet': 'ウォレットで続行',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'ウォレットディレクトリが設定されていません。',
  'Search wallet': 'ウォレットを検索',
  'Searching…': '検索中…',
  '1 wallet found': 'ウォレットが1件見つかりました',
  '{count} wallets found': 'ウォレットが{count}件見つかりました',
  'Loading wallets…': 'ウォレットを読み込み中…',
  '{count} wallets': '{count}件のウォレット',
  'No wallet found for “{search}”.': '「{search}」に一致するウォレットはありません。',
  'No wallets to show.': '表示するウォレットがありません。',
  'Wallets matching {search}': '{search}に一致するウォレット',
  'All wallets': 'すべてのウォレット',
  'Loading more wallets…': 'さらにウォレットを読み込み中…',
  'Certified': '認定済み',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'ウォレット',
  'Accept the connection request in your wallet.': 'ウォレットで接続リクエストを承認してください。',
  'Choose a wallet': 'ウォレットを選択',
  'QR code to connect {wallet}': '{wallet}を接続するためのQRコード',
  'QR code to connect your wallet': 'ウォレットを接続するためのQRコード',
  'Scan this QR code with {wallet}': '{wallet}でこのQRコードをスキャンしてください',
  'Scan this QR code with your phone': 'スマートフォンでこのQRコードをスキャンしてください',
  'Preparing the QR code…': 'QRコードを準備中…',
  'Open {wallet}': '{wallet}を開く',
  'Open {wallet} desktop app': '{wallet}のデスクトップアプリを開く',
  'Open {wallet} in the browser': 'ブラウザで{wallet}を開く',
  'Copy link': 'リンクをコピー',
  'Link copied': 'リンクをコピーしました',
}
export default messages
