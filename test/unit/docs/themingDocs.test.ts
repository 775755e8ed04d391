import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { THEME_VARIABLE_NAMES } from '../../../src/core/events/modal/preferences'
import { MODAL_CSS } from '../../../src/react/theme'

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/theming.md'), 'utf8')

/** The `--gw-*` declarations of the first rule of MODAL_CSS whose selector matches. */
function declarations(selector: RegExp): Record<string, string> {
  const body = MODAL_CSS.match(selector)?.[1]
  if (body === undefined) throw new Error(`no rule ${selector} in MODAL_CSS`)
  return Object.fromEntries([...body.matchAll(/(--gw-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

// docs/theming.md's variable table is the theme's: every allowed name, in order, with the
// stylesheet's light and dark defaults.
describe('docs/theming.md', () => {
  const rows = doc
    .split('\n')
    .filter((line) => line.startsWith('| `--gw-'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/^`|`$/g, '')))

  it('lists every theme variable once, in THEME_VARIABLE_NAMES order', () => {
    expect(rows.map((r) => r[0])).toEqual([...THEME_VARIABLE_NAMES])
  })

  it("gives each variable the stylesheet's light and dark defaults", () => {
    const light = declarations(/:host \{([^}]*)\}/)
    const dark = declarations(/:host\(\[data-theme='dark'\]\)[^{]*\{([^}]*)\}/)
    for (const [name, lightValue, darkValue] of rows) {
      expect(lightValue, name).toBe(light[name!])
      expect(darkValue, name).toBe(dark[name!] ?? 'same')
    }
    // Every variable the light theme declares is documented (none undocumented).
    expect(Object.keys(light).sort()).toEqual(rows.map((r) => r[0]).sort())
  })
})
