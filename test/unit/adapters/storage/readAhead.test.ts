import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { withReadAhead } from '../../../../src/adapters/storage/readAhead'
import type { Storage } from '../../../../src/core/ports'

/** A storage that counts its reads. */
function counting(inner: Storage) {
  const reads: string[] = []
  const storage: Storage = { ...inner, get: (k) => (reads.push(k), inner.get(k)) }
  return { storage, reads }
}

describe('withReadAhead', () => {
  it('reads the key once for the early look and the first get; later gets read afresh', async () => {
    const inner = createMemoryStorage()
    await inner.set('durable', { a: 1 })
    const { storage: base, reads } = counting(inner)
    const { storage, value } = withReadAhead(base, 'durable')
    expect(await value).toEqual({ a: 1 })
    expect(await storage.get('durable')).toEqual({ a: 1 })
    expect(reads).toEqual(['durable'])
    await inner.set('durable', { a: 2 })
    expect(await storage.get('durable')).toEqual({ a: 2 })
    expect(await storage.get('other')).toBeUndefined()
    expect(reads).toEqual(['durable', 'durable', 'other'])
  })

  it('a write or delete before the first get drops the early read', async () => {
    const { storage, value } = withReadAhead(createMemoryStorage(), 'durable')
    expect(await value).toBeUndefined()
    await storage.set('durable', { b: 1 })
    expect(await storage.get('durable')).toEqual({ b: 1 })
    const second = withReadAhead(storage, 'durable')
    await second.storage.del('durable')
    expect(await second.storage.get('durable')).toBeUndefined()
  })

  it('a failed early read fails the first get as its own read would', async () => {
    const failing: Storage = { ...createMemoryStorage(), get: () => Promise.reject(new Error('read failed')) }
    const { storage } = withReadAhead(failing, 'durable')
    await expect(storage.get('durable')).rejects.toThrow('read failed')
  })
})

describe('a modal starting', () => {
  it('reads the stored durable state once, for the returning-visitor check and the hydration both', async () => {
    const { createModal } = await import('../../../../src/createModal')
    const inner = createMemoryStorage()
    await inner.set('durable', { preferences: { themeMode: 'dark', preferredAccountType: {} } })
    const { storage, reads } = counting(inner)
    const modal = createModal({ projectId: 'p', storage, persistLog: false })
    await modal.ready
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(reads.filter((k) => k === 'durable')).toHaveLength(1)
    modal.destroy()
  })
})
