// The de catalogue: every group of views' translations in one chunk, loaded when the modal shows de.
import type { Catalogue } from '../../i18n.js'
import account from './account.js'
import connect from './connect.js'
import features from './features.js'
import onboarding from './onboarding.js'
import shell from './shell.js'

const catalogue: Catalogue = { ...shell, ...connect, ...account, ...features, ...onboarding }
export default catalogue
