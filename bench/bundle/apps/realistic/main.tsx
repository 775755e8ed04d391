// The realistic Gangway host: the README's "Using it" setup with WalletConnect metadata and the
// blockchain data API (see ../shared/readmeHost.tsx).
import { startReadmeHost } from '../shared/readmeHost'

startReadmeHost()
