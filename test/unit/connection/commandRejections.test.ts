import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { ChainAdapterNotFoundError } from '../../../src/core/errors/connection'
import { GangwayError } from '../../../src/core/errors/base'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'

describe('a rejected command', () => {
  it('rejects with the class and kind of the failure, not a bare GangwayError', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const error = await modal.connect('nowhere').then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ChainAdapterNotFoundError)
    expect(error).toBeInstanceOf(GangwayError)
    expect((error as ChainAdapterNotFoundError).kind).toBe(new ChainAdapterNotFoundError('eip155').kind)
    expect(isUserRejection(error)).toBe(false)
    modal.destroy()
  })
})
