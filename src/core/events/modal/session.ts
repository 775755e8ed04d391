import { defineEvent } from '../defineEvent.js'
import { array, boolean, literal, number, object, oneOf, optional, string, isPlainObject, type Schema } from '../schema.js'
import { namespaceSchema } from '../views.js'
import type { Features, SessionSettings } from '../../state.js'
import { DEFAULT_CONNECT_METHOD_ORDER } from '../../domain/constants.js'

const flag = optional(boolean())
const names = optional(array(string()))

/** Feature flags of spec §1, each optional (local options, remote configuration). */
export const featuresSchema: Schema<Partial<Features>> = object({
  receive: flag,
  send: flag,
  swaps: flag,
  onramp: flag,
  email: flag,
  socials: optional(oneOf(array(string()), literal(false))),
  activity: flag,
  multiWallet: flag,
  analytics: flag,
  allWallets: flag,
  legalCheckbox: flag,
  smartSessions: flag,
  collapseWallets: flag,
  pay: flag,
  connectorOrder: names,
  walletActionOrder: names,
}) as Schema<Partial<Features>>

/**
 * An object with at least these fields (others are allowed: they are already checked to be
 * JSON data). For host-built records such as networks, whose optional fields grow over time.
 */
function withFields(shape: Record<string, Schema<unknown>>): Schema<unknown> {
  return {
    check(v, path) {
      if (!isPlainObject(v)) return `${path} must be an object`
      for (const [key, schema] of Object.entries(shape)) {
        const problem = schema.check(v[key], `${path}.${key}`)
        if (problem) return problem
      }
      return null
    },
  }
}

/** A network of the host's list (spec §3 Network data). */
export const networkSchema = withFields({
  id: oneOf(number(), string()),
  name: string(),
  chainNamespace: namespaceSchema,
  caipNetworkId: string(),
  nativeCurrency: withFields({ name: string(), symbol: string(), decimals: number() }),
  rpcUrls: withFields({ default: withFields({ http: array(string()) }) }),
})

/** The settings of a page load, as data (`createModal` options plus what the page told it). */
export const sessionSettingsSchema: Schema<SessionSettings> = object({
  projectId: string(),
  features: optional(featuresSchema),
  themeMode: optional(literal('light', 'dark')),
  adapters: array(namespaceSchema),
  noChainAdapters: flag,
  defaultNamespace: optional(namespaceSchema),
  manualControl: flag,
  embedded: flag,
  isMobile: flag,
  miniApp: optional(literal('telegram')),
  siwx: optional(object({ required: boolean(), statement: optional(string()), hosted: optional(boolean()) })),
  legal: optional(object({ termsUrl: optional(string()), privacyUrl: optional(string()) })),
  swapChains: names,
  locale: optional(string()),
  smartAccounts: optional(object({ enabled: boolean() })),
  allowUnsupportedChain: flag,
  enableNetworkSwitch: flag,
  networks: optional(array(networkSchema)),
  reconnect: flag,
  services: optional(object({ walletDirectory: flag, blockchainApi: flag })),
  walletFilters: optional(object({ featured: names, include: names, exclude: names, excludeRdns: names, excludeNames: names })),
  connectMethodsOrder: optional(array(literal(...DEFAULT_CONNECT_METHOD_ORDER))),
  optionalFeatures: names,
}) as Schema<SessionSettings>

/**
 * A page load started a session with these settings. The reducer rebuilds the initial state
 * from them, so a log that spans reloads still replays to the same state.
 */
export const sessionStarted = defineEvent('session/started', sessionSettingsSchema)
