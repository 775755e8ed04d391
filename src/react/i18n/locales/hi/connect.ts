// hi: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'मैं {links} से सहमत हूँ।',
  'By connecting your wallet, you agree to the {links}.': 'अपना वॉलेट कनेक्ट करके, आप {links} से सहमत होते हैं।',
  '{terms} and {privacy}': '{terms} और {privacy}',
  'Terms of Service': 'सेवा की शर्तें',
  'Privacy Policy': 'गोपनीयता नीति',
  'No wallets detected in this browser.': 'इस ब्राउज़र में कोई वॉलेट नहीं मिला।',
  'Wallets for {chain}': '{chain} के लिए वॉलेट',
  'Recent': 'हाल ही में',
  'Installed': 'इंस्टॉल है',
  'Loading wallets': 'वॉलेट लोड हो रहे हैं',
  'Continue with a wallet': 'वॉलेट के साथ जारी रखें',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'कोई वॉलेट निर्देशिका कॉन्फ़िगर नहीं है।',
  'Search wallet': 'वॉलेट खोजें',
  'Searching…': 'खोज रहे हैं…',
  '1 wallet found': '1 वॉलेट मिला',
  '{count} wallets found': '{count} वॉलेट मिले',
  'Loading wallets…': 'वॉलेट लोड हो रहे हैं…',
  '{count} wallets': '{count} वॉलेट',
  'No wallet found for “{search}”.': '“{search}” के लिए कोई वॉलेट नहीं मिला।',
  'No wallets to show.': 'दिखाने के लिए कोई वॉलेट नहीं है।',
  'Wallets matching {search}': '{search} से मेल खाने वाले वॉलेट',
  'All wallets': 'सभी वॉलेट',
  'Loading more wallets…': 'और वॉलेट लोड हो रहे हैं…',
  'Certified': 'प्रमाणित',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'वॉलेट',
  'Accept the connection request in your wallet.': 'अपने वॉलेट में कनेक्शन अनुरोध स्वीकार करें।',
  'Choose a wallet': 'वॉलेट चुनें',
  'QR code to connect {wallet}': '{wallet} कनेक्ट करने के लिए QR कोड',
  'QR code to connect your wallet': 'अपना वॉलेट कनेक्ट करने के लिए QR कोड',
  'Scan this QR code with {wallet}': 'इस QR कोड को {wallet} से स्कैन करें',
  'Scan this QR code with your phone': 'इस QR कोड को अपने फ़ोन से स्कैन करें',
  'Preparing the QR code…': 'QR कोड तैयार हो रहा है…',
  'Open {wallet}': '{wallet} खोलें',
  'Open {wallet} desktop app': '{wallet} डेस्कटॉप ऐप खोलें',
  'Open {wallet} in the browser': '{wallet} को ब्राउज़र में खोलें',
  'Copy link': 'लिंक कॉपी करें',
  'Link copied': 'लिंक कॉपी हो गया',
}
export default messages
