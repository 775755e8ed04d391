import { describe, expect, it } from 'vitest'
import { lazyApiPort, loadOnce } from '../../../../src/adapters/api/lazyApiPort'

type Port = { double(n: number): Promise<number>; name(): Promise<string>; label(id: string): string }

function implementation(): Port {
  return { double: async (n) => n * 2, name: async () => 'impl', label: () => 'from the implementation' }
}

describe('lazyApiPort', () => {
  it('loads the implementation on the first call, once, and forwards every call with its arguments', async () => {
    let loads = 0
    const port = lazyApiPort<Port, 'double' | 'name'>(
      () => {
        loads++
        return Promise.resolve(implementation())
      },
      ['double', 'name'],
      { label: (id) => `static ${id}` },
    )
    expect(loads).toBe(0)
    expect(port.label('x')).toBe('static x')
    expect(loads).toBe(0)
    await expect(Promise.all([port.double(2), port.double(5), port.name()])).resolves.toEqual([4, 10, 'impl'])
    expect(loads).toBe(3)
  })

  it('with loadOnce, a module loads once however many calls wait for it', async () => {
    let loads = 0
    const load = loadOnce(async () => {
      loads++
      return implementation()
    })
    const port = lazyApiPort<Port, 'double' | 'name'>(load, ['double', 'name'], { label: () => '' })
    await Promise.all([port.double(1), port.name(), port.double(3)])
    await port.name()
    expect(loads).toBe(1)
  })

  it('a failed load rejects the call and is tried again on the next one', async () => {
    let attempts = 0
    const load = loadOnce(async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk unavailable')
      return implementation()
    })
    const port = lazyApiPort<Port, 'double' | 'name'>(load, ['double', 'name'], { label: () => '' })
    await expect(port.double(2)).rejects.toThrow('chunk unavailable')
    await expect(port.double(2)).resolves.toBe(4)
    expect(attempts).toBe(2)
  })

  it('a rejection of the implementation reaches the caller unchanged', async () => {
    const failure = new Error('Server Error')
    const port = lazyApiPort<Port, 'double' | 'name'>(
      async () => ({ ...implementation(), name: () => Promise.reject(failure) }),
      ['double', 'name'],
      { label: () => '' },
    )
    await expect(port.name()).rejects.toBe(failure)
  })
})
