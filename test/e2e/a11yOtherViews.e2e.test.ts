import { accessibilitySuite } from './support/a11y'

// axe-core on the views a visitor reaches off the main path (sign-in, WalletConnect, names,
// sessions, network switching, approvals, onboarding), in both themes (support/a11y.ts).
accessibilitySuite('other views')
