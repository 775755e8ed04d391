import { describe, expect, it } from 'vitest'
import { isRegistryHiccup, withRegistryRetries } from '../../../dev/stack/npmRetry.ts'

const STALLED = `npm error code EIDLETIMEOUT
npm error Invalid response body while trying to fetch https://registry.npmjs.org/zustand: Idle timeout reached for host \`registry.npmjs.org:443\``
const CONFLICT = `npm error code ERESOLVE
npm error ERESOLVE unable to resolve dependency tree`

describe('npm installs tried again after a registry hiccup', () => {
  it('tells a dropped or stalled connection from a failed install', () => {
    expect(isRegistryHiccup(STALLED)).toBe(true)
    expect(isRegistryHiccup('npm error code ECONNRESET\nnpm error network aborted')).toBe(true)
    expect(isRegistryHiccup('npm error request to https://registry.npmjs.org/viem failed, reason: socket hang up')).toBe(true)
    expect(isRegistryHiccup(CONFLICT)).toBe(false)
    expect(isRegistryHiccup('npm error code ETARGET\nnpm error notarget No matching version found for viem@9.9.9.')).toBe(false)
  })

  it('runs again while the registry fails, and stops at the first success', async () => {
    const outputs = [STALLED, STALLED, 'added 3 packages']
    let runs = 0
    const result = await withRegistryRetries(
      async () => outputs[runs++]!,
      (out) => out.startsWith('added'),
      (out) => out,
      [0, 0, 0],
    )
    expect(result).toBe('added 3 packages')
    expect(runs).toBe(3)
  })

  it('does not repeat a failure that is not the connection, and gives up after its pauses', async () => {
    let runs = 0
    const conflict = await withRegistryRetries(async () => (runs++, CONFLICT), () => false, (out) => out, [0, 0])
    expect(conflict).toBe(CONFLICT)
    expect(runs).toBe(1)
    runs = 0
    const stalled = await withRegistryRetries(async () => (runs++, STALLED), () => false, (out) => out, [0, 0])
    expect(stalled).toBe(STALLED)
    expect(runs).toBe(3)
  })
})
