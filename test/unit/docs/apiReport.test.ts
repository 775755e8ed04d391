import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_REPORT_PATH, generateApiReport, reportEntries } from '../../../scripts/apiReport'

// docs/api-report.md lists the package's public API; a change to it must come with the
// regenerated report, so the change shows in review.
describe('docs/api-report.md', () => {
  const generated = generateApiReport()

  it('is what scripts/apiReport.ts makes of the sources now', () => {
    const checkedIn = readFileSync(API_REPORT_PATH, 'utf8')
    expect(checkedIn === generated, 'docs/api-report.md is stale: run npx tsx scripts/apiReport.ts').toBe(true)
  })

  it('has a section per package entry and one for the testing kit, each listing every runtime export of it', async () => {
    const modules: Record<string, () => Promise<Record<string, unknown>>> = {
      '.': () => import('../../../src/index'),
      './react': () => import('../../../src/react/index'),
      './evm': () => import('../../../src/evm'),
      './features': () => import('../../../src/features'),
      './walletconnect': () => import('../../../src/walletconnect'),
      './walletconnect/adapter': () => import('../../../src/walletconnectAdapter'),
      './wagmi': () => import('../../../src/wagmi'),
      './solana': () => import('../../../src/solana'),
      './bitcoin': () => import('../../../src/bitcoin'),
      './devtools': () => import('../../../src/devtools/index'),
      './devtools/components': () => import('../../../src/devtools/components'),
      'gangway-kit-testing': () => import('../../../dev/testing/index'),
    }
    const entries = reportEntries()
    expect(entries.map((e) => e.entry).sort()).toEqual(Object.keys(modules).sort())
    const sections = generated.split(/^## /m).slice(1)
    expect(sections.map((s) => s.slice(0, s.indexOf('\n')))).toEqual(entries.map((e) => `\`${e.specifier}\``))
    for (const [i, { entry }] of entries.entries()) {
      const section = sections[i]!
      for (const name of Object.keys(await modules[entry]!())) {
        expect(section, `${entry} exports ${name}`).toMatch(new RegExp(`^(function|class|const) ${name}\\b`, 'm'))
      }
    }
  }, 60_000)

  it('gives each export its kind and signature', () => {
    expect(generated).toMatch(/^function createModal\(options: ModalOptions\): Modal$/m)
    expect(generated).toMatch(/^class GangwayError extends Error \{$/m)
    expect(generated).toMatch(/^const THEME_VARIABLE_NAMES: readonly \["--gw-width", /m)
    expect(generated).toMatch(/^type ViewName = /m)
    expect(generated).toMatch(/^interface Analytics \{$/m)
    expect(generated).toMatch(/^function gangwayConnector\(modal: GangwayModal, options\?: GangwayConnectorOptions\)/m)
  })
})
