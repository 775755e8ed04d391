import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BUILT_IN_FEATURES } from '../../../src/core/features/builtInFeatures'
import { EVENT_DOCS_PATH, generateEventDocs } from '../../../scripts/generateEventDocs'

// docs/events.md is generated from the code; a change to an event or a feature must come with
// the regenerated file, so the catalogue a host reads is the one the modal accepts.
describe('docs/events.md', () => {
  it('is what scripts/generateEventDocs.ts makes of the code now', async () => {
    const generated = await generateEventDocs()
    const checkedIn = readFileSync(EVENT_DOCS_PATH, 'utf8')
    expect(checkedIn === generated, 'docs/events.md is stale: run npx tsx scripts/generateEventDocs.ts').toBe(true)
  })

  it("lists every event of createModal's features once, under its feature, with its payload", async () => {
    const text = await generateEventDocs()
    const sections = new Map(text.split(/^## /m).slice(1).map((s) => [s.slice(0, s.indexOf('\n')), s] as const))
    for (const feature of BUILT_IN_FEATURES) {
      const section = sections.get(feature.name)
      expect(section, feature.name).toBeDefined()
      for (const creator of feature.events) {
        const rows = text.split('\n').filter((line) => line.startsWith(`| \`${creator.type}\` |`))
        expect(rows, creator.type).toHaveLength(1)
        expect(section!.includes(rows[0]!), `${creator.type} under ${feature.name}`).toBe(true)
        // The payload column is never empty: fields, or "none" for an empty payload.
        expect(rows[0]!.split(' | ')[2]!.trim(), creator.type).not.toBe('')
      }
    }
  })

  it('reads payload fields from the creators: modal/openRequested has an optional view and namespace', async () => {
    const row = (await generateEventDocs()).split('\n').find((line) => line.startsWith('| `modal/openRequested` |'))!
    expect(row).toContain('`view?: ViewName`')
    expect(row).toContain('`namespace?: Namespace`')
    expect(row).toContain('`modalOpenRequested`')
  })
})
