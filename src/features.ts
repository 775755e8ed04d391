// The `gangway-kit/features` entry: Gangway's optional features, each a function whose result a
// host passes to createModal (`siwx`, `embeddedWallet`, or in `modules`). The modal never imports
// a feature's code itself, so a host's build holds only the features it imports. Each is a module
// of its own, so a bundler keeps only the ones called.
export { swaps } from './features/swaps.js'
export { onramp } from './features/onramp.js'
export { names } from './features/names.js'
export { siwx } from './features/siwx.js'
export { embeddedWallet } from './features/embeddedWallet.js'
export { batchedCalls } from './features/batchedCalls.js'
export { smartSessions } from './features/smartSessions.js'
export { pay } from './features/pay.js'
export type { OptionalFeature, FeatureChunks } from './core/features/defineFeature.js'
export type { SiwxOptions, SiwxSetup, EmbeddedWalletSetup } from './options/modalOptions.js'
export type { EmbeddedWalletOptions } from './adapters/auth/createFrameConnector.js'
