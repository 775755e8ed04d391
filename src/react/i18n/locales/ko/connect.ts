// ko: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': '{links}에 동의합니다.',
  'By connecting your wallet, you agree to the {links}.': '지갑을 연결하면 {links}에 동의하게 됩니다.',
  '{terms} and {privacy}': '{terms} 및 {privacy}',
  'Terms of Service': '서비스 약관',
  'Privacy Policy': '개인정보 처리방침',
  'No wallets detected in this browser.': '이 브라우저에서 감지된 지갑이 없습니다.',
  'Wallets for {chain}': '{chain}용 지갑',
  'Recent': '최근',
  'Installed': '설치됨',
  'Loading wallets': '지갑 불러오는 중',
  'Continue with a wallet': '지갑으로 계속하기',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': '구성된 지갑 목록이 없습니다.',
  'Search wallet': '지갑 검색',
  'Searching…': '검색 중…',
  '1 wallet found': '지갑 1개 찾음',
  '{count} wallets found': '지갑 {count}개 찾음',
  'Loading wallets…': '지갑 불러오는 중…',
  '{count} wallets': '지갑 {count}개',
  'No wallet found for “{search}”.': '“{search}”에 해당하는 지갑이 없습니다.',
  'No wallets to show.': '표시할 지갑이 없습니다.',
  'Wallets matching {search}': '{search}와(과) 일치하는 지갑',
  'All wallets': '모든 지갑',
  'Loading more wallets…': '지갑 더 불러오는 중…',
  'Certified': '인증됨',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': '지갑',
  'Accept the connection request in your wallet.': '지갑에서 연결 요청을 수락하세요.',
  'Choose a wallet': '지갑 선택',
  'QR code to connect {wallet}': '{wallet} 연결용 QR 코드',
  'QR code to connect your wallet': '지갑 연결용 QR 코드',
  'Scan this QR code with {wallet}': '{wallet}(으)로 이 QR 코드를 스캔하세요',
  'Scan this QR code with your phone': '휴대폰으로 이 QR 코드를 스캔하세요',
  'Preparing the QR code…': 'QR 코드 준비 중…',
  'Open {wallet}': '{wallet} 열기',
  'Open {wallet} desktop app': '{wallet} 데스크톱 앱 열기',
  'Open {wallet} in the browser': '브라우저에서 {wallet} 열기',
  'Copy link': '링크 복사',
  'Link copied': '링크 복사됨',
}
export default messages
