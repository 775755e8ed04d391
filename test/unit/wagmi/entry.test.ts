import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url))
const sources = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(SRC, f))

describe('gangway/wagmi entry', () => {
  it('exports the connector and the chain helper (API changes show up in review)', async () => {
    expect(Object.keys(await import('../../../src/wagmi')).sort()).toMatchInlineSnapshot(`
      [
        "gangwayConnector",
        "networksFromChains",
      ]
    `)
  })

  it('nothing outside it imports wagmi or its adapter: a host without wagmi ships none of it', () => {
    const own = (file: string) => {
      const path = relative(SRC, file)
      return path === 'wagmi.ts' || path.startsWith(join('adapters', 'wagmi'))
    }
    const importers = sources.filter((file) => !own(file) && /from '(@wagmi\/|wagmi'|[^']*adapters\/wagmi\/|[^']*\/wagmi\.js')/.test(readFileSync(file, 'utf8')))
    expect(importers.map((f) => relative(SRC, f))).toEqual([])
    // The entry itself does reach wagmi: the check above would catch an import of it.
    expect(readFileSync(join(SRC, 'adapters/wagmi/gangwayConnector.ts'), 'utf8')).toMatch(/from '@wagmi\/core'/)
  })
})
