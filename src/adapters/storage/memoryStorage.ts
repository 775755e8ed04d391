import type { Storage } from '../../core/ports.js'
import { createVersionedStorage, type Migration } from './versionedStorage.js'
import { createMemoryKeyValue } from './memoryKeyValue.js'


/**
 * Storage kept in memory for the page's life.
 *
 * @example
 * createModal({ projectId, storage: createMemoryStorage() })
 */
export function createMemoryStorage(options: { migrations?: readonly Migration[] } = {}): Storage {
  return createVersionedStorage(createMemoryKeyValue(), options)
}
