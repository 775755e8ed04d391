import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { createVersionedStorage } from '../../src/adapters/storage/versionedStorage'
import { createModal, type ModalOptions } from '../../src/createModal'
import type { AnalyticsEvent } from '../../src/core/ports'
import { createVirtualTime, settle } from './virtualTime'

/** A modal on virtual time, memory storage and a recording analytics port; ready, with a reload's history joined. */
export async function createTestModal(options: Partial<ModalOptions> = {}, kv = createMemoryKeyValue()) {
  const time = createVirtualTime()
  const tracked: AnalyticsEvent[] = []
  const modal = createModal({
    projectId: 'test-project',
    adapters: ['eip155'],
    storage: createVersionedStorage(kv),
    analytics: { track: (e) => void tracked.push(e) },
    clock: time.clock,
    scheduler: time.scheduler,
    ...options,
  })
  await modal.ready
  await modal.timeTravel.whenRestored()
  await settle()
  return { modal, time, tracked, kv }
}
