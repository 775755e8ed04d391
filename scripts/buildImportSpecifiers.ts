// Gives every relative import in src/ an explicit `.js` extension (`./store` → `./store.js`,
// `./views` → `./views/index.js`), the form plain Node ESM needs in the built package and
// `moduleResolution: nodenext` hosts need in its `.d.ts`. TypeScript, Vite and vitest map
// `.js` back to the `.ts` / `.tsx` source. Run: `npx tsx scripts/buildImportSpecifiers.ts [files…]`
// (no files: every file under src/). Prints the files it changed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\2/g

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx|mts)$/.test(name) ? [path] : []
  })
}

/** The `.js` form of a relative specifier, or null when it already has one or names no source file. */
export function withJsExtension(fromFile: string, specifier: string): string | null {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return null
  const base = resolve(dirname(fromFile), specifier)
  const source = (path: string) => ['.ts', '.tsx', '.mts', '.d.ts'].some((ext) => existsSync(path + ext))
  if (/\.tsx?$/.test(specifier)) return specifier.replace(/\.tsx?$/, '.js')
  if (source(base)) return `${specifier}.js`
  if (existsSync(base) && statSync(base).isDirectory() && source(join(base, 'index'))) return `${specifier.replace(/\/$/, '')}/index.js`
  return null
}

export function rewrite(file: string, text: string): string {
  return text.replace(SPECIFIER, (whole, head: string, quote: string, spec: string) => {
    const next = withJsExtension(file, spec)
    return next ? `${head}${quote}${next}${quote}` : whole
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const files = process.argv.length > 2 ? process.argv.slice(2) : walk('src')
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const next = rewrite(file, text)
    if (next !== text) {
      writeFileSync(file, next)
      console.log(file)
    }
  }
}
