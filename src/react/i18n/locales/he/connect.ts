// he: strings of the connect views (English source text → translation).
import type { Catalogue } from '../../i18n.js'

const messages: Catalogue = {
  // Connect (ConnectView, RecommendedWallets, AllWalletsEntry; 'All Wallets' and 'Wallets' are in shell, as view titles).
  'I agree to the {links}.': 'קראתי ואני מסכים/ה: {links}.',
  'By connecting your wallet, you agree to the {links}.': 'בחיבור הארנק, את/ה מסכים/ה: {links}.',
  '{terms} and {privacy}': '{terms} ו{privacy}',
  'Terms of Service': 'תנאי השירות',
  'Privacy Policy': 'מדיניות הפרטיות',
  'No wallets detected in this browser.': 'לא זוהו ארנקים בדפדפן הזה.',
  'Wallets for {chain}': 'ארנקים עבור {chain}',
  'Recent': 'אחרון',
  'Installed': 'מותקן',
  'Loading wallets': 'טוען ארנקים',
  'Continue with a wallet': 'המשך עם ארנק',

  // All wallets (AllWalletsView).
  'No wallet directory is configured.': 'לא הוגדרה ספריית ארנקים.',
  'Search wallet': 'חיפוש ארנק',
  'Searching…': 'מחפש…',
  '1 wallet found': 'נמצא ארנק אחד',
  '{count} wallets found': { one: 'נמצא ארנק אחד', other: 'נמצאו {count} ארנקים' },
  'Loading wallets…': 'טוען ארנקים…',
  '{count} wallets': { one: 'ארנק אחד', other: '{count} ארנקים' },
  'No wallet found for “{search}”.': 'לא נמצא ארנק עבור „{search}”.',
  'No wallets to show.': 'אין ארנקים להצגה.',
  'Wallets matching {search}': 'ארנקים שתואמים ל-{search}',
  'All wallets': 'כל הארנקים',
  'Loading more wallets…': 'טוען ארנקים נוספים…',
  'Certified': 'מאושר',

  // Connecting (ConnectingExternalView, the WalletConnect views).
  'wallet': 'ארנק',
  'Accept the connection request in your wallet.': 'יש לאשר את בקשת החיבור בארנק.',
  'Choose a wallet': 'בחירת ארנק',
  'QR code to connect {wallet}': 'קוד QR לחיבור {wallet}',
  'QR code to connect your wallet': 'קוד QR לחיבור הארנק',
  'Scan this QR code with {wallet}': 'יש לסרוק את קוד ה-QR הזה עם {wallet}',
  'Scan this QR code with your phone': 'יש לסרוק את קוד ה-QR הזה עם הטלפון',
  'Preparing the QR code…': 'מכין את קוד ה-QR…',
  'Open {wallet}': 'פתיחת {wallet}',
  'Open {wallet} desktop app': 'פתיחת אפליקציית המחשב של {wallet}',
  'Open {wallet} in the browser': 'פתיחת {wallet} בדפדפן',
  'Copy link': 'העתקת קישור',
  'Link copied': 'הקישור הועתק',
}
export default messages
