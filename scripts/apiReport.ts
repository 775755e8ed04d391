// Writes docs/api-report.md: every public export of every entry of the package (the `exports`
// map of package.json), with its kind and signature, read from the sources with the TypeScript
// compiler API (TypeScript 7's `typescript/unstable/sync`, the native compiler behind tsc).
// test/unit/docs/apiReport.test.ts fails when the checked-in report differs, so a change to
// the public API shows in review as a change to this file.
//
// Run: npx tsx scripts/apiReport.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { API, NodeBuilderFlags, SignatureKind, SymbolFlags, type Checker, type Project, type Symbol as TsSymbol } from 'typescript/unstable/sync'
import { SyntaxKind, type FunctionDeclaration } from 'typescript/unstable/ast'

const ROOT = resolve(import.meta.dirname, '..')
export const API_REPORT_PATH = join(ROOT, 'docs/api-report.md')
const TSCONFIG = join(ROOT, 'tsconfig.build.json')
const DEV_TSCONFIG = join(ROOT, 'tsconfig.json')
const FLAGS = NodeBuilderFlags.NoTruncation

type ExportTarget = string | { types?: string }

/** The package's entries and the source module behind each (`./react` → src/react/index.ts), sorted. */
export function packageEntries(): { entry: string; specifier: string; source: string }[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, ExportTarget> }
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.types !== undefined)
    .map(([entry, target]) => {
      const types = (target as { types: string }).types
      const base = join(ROOT, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, ''))
      const source = [`${base}.ts`, `${base}.tsx`].find((f) => existsSync(f))
      if (!source) throw new Error(`No source for ${entry} (${types})`)
      return { entry, specifier: entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`, source }
    })
    .sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0))
}

/** What the report covers: the package's entries, then the testing kit (packages/testing, built from dev/testing). */
export function reportEntries(): { entry: string; specifier: string; source: string }[] {
  return [...packageEntries(), { entry: 'gangway-kit-testing', specifier: 'gangway-kit-testing', source: join(ROOT, 'dev/testing/index.ts') }]
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
const withoutExport = (text: string) => text.replace(/^export (default )?(declare )?/, '').replace(/;$/, '')

/** A function's header as declared in the source (`function f(a: A): R`), when it has one body. */
function declaredHeader(project: Project, symbol: TsSymbol, name: string): string | undefined {
  const handles = symbol.declarations.filter((d) => d.kind === SyntaxKind.FunctionDeclaration)
  const node = handles.length === 1 ? (handles[0]!.resolve(project) as FunctionDeclaration | undefined) : undefined
  if (!node?.body) return undefined
  const text = project.emitter.printNode(node)
  const body = project.emitter.printNode(node.body)
  if (!text.endsWith(body)) return undefined
  return withoutExport(text.slice(0, -body.length).trimEnd()).replace(new RegExp(`^(async )?function ${symbol.name}\\b`), `$1function ${name}`)
}

/** `<T>(a: A) => R` as `<T>(a: A): R`. */
function arrowToSignature(text: string): string {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '(' || c === '<' || c === '{' || c === '[') depth++
    else if ((c === ')' || c === '>' || c === '}' || c === ']') && text[i - 1] !== '=') depth--
    if (c === ')' && depth === 0 && text.startsWith(' => ', i + 1)) return `${text.slice(0, i + 1)}: ${text.slice(i + 5)}`
  }
  throw new Error(`Not a function type: ${text}`)
}

/** The declarations of one export, as TypeScript prints them (kind keyword first). */
function describeExport(project: Project, exported: TsSymbol): string[] {
  const { checker, emitter } = project
  const symbol = exported.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const name = exported.name
  const out: string[] = []
  if (symbol.flags & SymbolFlags.Function) {
    const type = checker.getTypeOfSymbol(symbol)
    const signatures = type ? checker.getSignaturesOfType(type, SignatureKind.Call) : []
    for (const signature of signatures) {
      let node
      try {
        node = checker.signatureToSignatureDeclaration(signature, SyntaxKind.FunctionDeclaration, undefined, FLAGS)
      } catch {
        // TypeScript 7.0's API fails to decode some printed signatures; the function's type reads the same.
      }
      if (node) out.push(withoutExport(emitter.printNode(node)).replace(/^function /, `function ${name}`))
      else out.push(declaredHeader(project, symbol, name) ?? `function ${name}${arrowToSignature(checker.typeToString(checker.getTypeOfSymbol(symbol)!))}`)
    }
  }
  if (symbol.flags & SymbolFlags.Class) out.push(describeClass(checker, emitter, symbol, name))
  if (symbol.flags & SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbol(symbol)
    out.push(`const ${name}: ${type ? checker.typeToString(type, undefined, FLAGS) : 'unknown'}`)
  }
  if (symbol.flags & (SymbolFlags.Interface | SymbolFlags.TypeAlias | SymbolFlags.Enum)) {
    for (const handle of symbol.declarations) {
      if (handle.kind !== SyntaxKind.InterfaceDeclaration && handle.kind !== SyntaxKind.TypeAliasDeclaration && handle.kind !== SyntaxKind.EnumDeclaration) continue
      const node = handle.resolve(project)
      if (node) out.push(withoutExport(emitter.printNode(node)).replace(new RegExp(`^(type|interface|enum) ${symbol.name}\\b`), `$1 ${name}`))
    }
  }
  if (out.length === 0) out.push(`// ${name}: an export of another kind (symbol flags ${symbol.flags})`)
  return out
}

/** `class X extends Base`, its constructor and the members it declares itself. */
function describeClass(checker: Checker, emitter: Project['emitter'], symbol: TsSymbol, name: string): string {
  const instance = checker.getDeclaredTypeOfSymbol(symbol)
  const bases = instance.isClassOrInterface() ? checker.getBaseTypes(instance) : []
  const head = `class ${name}${bases.length ? ` extends ${bases.map((b) => checker.typeToString(b, undefined, FLAGS)).join(', ')}` : ''}`
  const lines: string[] = []
  const staticType = checker.getTypeOfSymbol(symbol)
  for (const signature of staticType ? checker.getSignaturesOfType(staticType, SignatureKind.Construct) : []) {
    const node = checker.signatureToSignatureDeclaration(signature, SyntaxKind.Constructor, undefined, FLAGS)
    if (node) lines.push(`  ${emitter.printNode(node).replace(/;$/, '').replace(/\s*\{\s*\}$/, '')}`)
  }
  const own = (members: readonly TsSymbol[], prefix: string) =>
    [...members]
      .filter((m) => m.getParent()?.id === symbol.id && !m.name.startsWith('#') && m.name !== 'prototype')
      .sort(byName)
      .map((m) => {
        const type = checker.getTypeOfSymbol(m)
        return `  ${prefix}${m.name}${m.flags & SymbolFlags.Optional ? '?' : ''}: ${type ? checker.typeToString(type, undefined, FLAGS) : 'unknown'}`
      })
  if (staticType) lines.push(...own(checker.getPropertiesOfType(staticType), 'static '))
  lines.push(...own(checker.getPropertiesOfType(instance), ''))
  // Public only: TypeScript does not list private and protected members among a type's properties.
  return lines.length ? `${head} {\n${lines.join('\n')}\n}` : head
}

/** The text of docs/api-report.md, from the sources as they are now. */
export function generateApiReport(): string {
  const api = new API({ cwd: ROOT })
  try {
    const snapshot = api.updateSnapshot({ openProjects: [TSCONFIG, DEV_TSCONFIG] })
    const built = snapshot.getProject(TSCONFIG)
    // gangway-kit-testing's source is in dev/, which only the repository's own tsconfig.json covers.
    const dev = snapshot.getProject(DEV_TSCONFIG)
    if (!built || !dev) throw new Error('TypeScript could not open tsconfig.build.json and tsconfig.json')
    const lines = [
      '# API report',
      '',
      '<!-- Generated by scripts/apiReport.ts from the sources: do not edit by hand.',
      '     Run `npx tsx scripts/apiReport.ts` after changing a public export. -->',
      '',
      "Every public export of every entry of the package (`exports` in package.json), and of the testing kit (gangway-kit-testing), sorted by name,",
      'as TypeScript reads it: functions with each signature, classes with their constructor and',
      'the members they declare, constants with their type, types and interfaces as declared.',
      '',
    ]
    for (const { entry, specifier, source } of reportEntries()) {
      const project = source.startsWith(join(ROOT, 'dev')) ? dev : built
      const file = project.program.getSourceFile(source)
      if (!file) throw new Error(`${source} is not in its tsconfig's program`)
      const module = project.checker.getSymbolAtLocation(file)
      const exports = module ? [...project.checker.getExportsOfModule(module)].sort(byName) : []
      lines.push(`## \`${specifier}\``, '', `\`${entry}\` → \`${source.slice(ROOT.length + 1)}\`, ${exports.length} exports.`, '', '```ts')
      for (const exported of exports) lines.push(...describeExport(project, exported))
      lines.push('```', '')
    }
    return lines.join('\n')
  } finally {
    api.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(API_REPORT_PATH, generateApiReport())
  console.log(`wrote ${API_REPORT_PATH}`)
}
