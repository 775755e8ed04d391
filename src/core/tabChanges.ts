import { connectionDisconnected, connectionSucceeded } from './events/connection/connection.js'
import type { TabChanges } from './events/persistence/tabs.js'
import type { Namespace } from './events/views.js'
import type { ModalState } from './state.js'
import { sameData } from './storedLog.js'

/**
 * What an event changed in the parts of the durable state the other open tabs follow (see
 * `tabs/changed`), or null when it changed none. A wallet counts as disconnected only when the
 * event was a disconnect, or a connect that replaced it: a reload's reconnect that found a wallet
 * gone tells nobody (the wallet may still answer in the other tabs).
 *
 * @example
 * tabChanges(before, after, themeModeChanged({ mode: 'dark' })) // { preferences: { themeMode: 'dark' } }
 */
export function tabChanges(prev: ModalState, next: ModalState, event: { type: string }): TabChanges | null {
  if (prev === next) return null
  const out: TabChanges = {}

  const p = prev.preferences
  const n = next.preferences
  if (p !== n) {
    const preferences: NonNullable<TabChanges['preferences']> = {}
    if (p.themeMode !== n.themeMode) preferences.themeMode = n.themeMode
    if (!sameData(p.preferredAccountType, n.preferredAccountType)) preferences.preferredAccountType = { ...n.preferredAccountType } as Record<string, 'eoa' | 'smartAccount'>
    if (Object.keys(preferences).length > 0) out.preferences = preferences
  }

  const lastUsed = next.network.lastUsed
  const network: NonNullable<TabChanges['network']> = {}
  if (lastUsed !== null && lastUsed !== prev.network.lastUsed) network.lastUsed = lastUsed
  if (prev.network.selected !== next.network.selected) {
    const selected: Record<string, string> = {}
    for (const [namespace, id] of Object.entries(next.network.selected)) if (id !== undefined && id !== prev.network.selected[namespace as Namespace]) selected[namespace] = id
    if (Object.keys(selected).length > 0) network.selected = selected
  }
  if (Object.keys(network).length > 0) out.network = network

  const before = prev.wallets.memory.connected
  const after = next.wallets.memory.connected
  if (before !== after) {
    const disconnects = event.type === connectionDisconnected.type || event.type === connectionSucceeded.type
    const connections: NonNullable<TabChanges['connections']> = []
    for (const namespace of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<Namespace>) {
      const was = before[namespace] ?? []
      const now = after[namespace] ?? []
      if (disconnects) for (const connectorId of was) if (!now.includes(connectorId)) connections.push({ namespace, connectorId, connected: false })
      for (const connectorId of now) if (!was.includes(connectorId)) connections.push({ namespace, connectorId, connected: true })
    }
    if (connections.length > 0) out.connections = connections
  }

  const was = prev.siwx.sessions
  const now = next.siwx.sessions
  if (was !== now) {
    const siwx: Record<string, unknown> = {}
    for (const address of Object.keys(was)) if (!Object.hasOwn(now, address)) siwx[address] = null
    for (const [address, session] of Object.entries(now)) if (!sameData(was[address], session)) siwx[address] = session
    if (Object.keys(siwx).length > 0) out.siwx = siwx
  }

  return Object.keys(out).length > 0 ? out : null
}
