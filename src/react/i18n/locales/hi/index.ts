// The hi catalogue: every group of views' translations in one chunk, loaded when the modal shows hi.
import account from './account.js'
import connect from './connect.js'
import features from './features.js'
import onboarding from './onboarding.js'
import shell from './shell.js'

const catalogue: Record<string, string> = { ...shell, ...connect, ...account, ...features, ...onboarding }
export default catalogue
