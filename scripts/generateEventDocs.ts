// Writes docs/events.md: the event catalogue of a modal as createModal composes it (the core
// features plus the persisted log), per feature, each event type with its payload fields and the
// one-line JSDoc of its creator.
//
// The features and their events come from the code at run time (the same lists createModal
// composes). The payload fields come from the creators' static types, read with the TypeScript
// compiler API: the runtime schemas only expose `check`, while each creator's payload type is
// derived from its schema (`defineEvent(type, schema)` infers it), so the types are the schemas'
// shape and cannot drift from them. test/unit/docs/eventDocs.test.ts fails when the file is stale.
//
// Run: npx tsx scripts/generateEventDocs.ts
import { readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { API, NodeBuilderFlags, SignatureKind, SymbolFlags, type Checker, type Project, type Symbol as TsSymbol, type Type } from 'typescript/unstable/sync'
import type { EventCreator } from '../src/core/events/defineEvent.ts'
import type { Feature } from '../src/core/features/defineFeature.ts'

const ROOT = resolve(import.meta.dirname, '..')
export const EVENT_DOCS_PATH = join(ROOT, 'docs/events.md')

/** What the catalogue documents of one event creator, read from its declaration. */
type CreatorInfo = { name: string; file: string; doc: string; payload: PayloadShape }
/** A payload's fields; a union payload lists each of its shapes. */
type PayloadShape = { variants: Field[][] } | { text: string }
type Field = { name: string; optional: boolean; type: string }

/** Every built-in feature: the ones createModal composes and the ones it loads on first need (without host modules). */
async function composedFeatures(): Promise<readonly Feature[]> {
  const { BUILT_IN_FEATURES } = await import('../src/core/features/builtInFeatures.ts')
  const { composeFeatures } = await import('../src/core/features/composeFeatures.ts')
  const features: readonly Feature[] = BUILT_IN_FEATURES
  composeFeatures(features) // throws if the composition createModal makes is not a valid one
  return features
}

/** Each feature object's export name (`modalFeature`), to find its JSDoc. */
async function featureExportNames(): Promise<Map<Feature, string>> {
  const dir = join(ROOT, 'src/core/features')
  const names = new Map<Feature, string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'events' in value && 'name' in value && !names.has(value as Feature)) names.set(value as Feature, name)
    }
  }
  return names
}

function openProject(): { api: API; project: Project } {
  const api = new API({ cwd: ROOT })
  const snapshot = api.updateSnapshot({ openProjects: [join(ROOT, 'tsconfig.build.json')] })
  const project = snapshot.getProject(join(ROOT, 'tsconfig.build.json')) ?? snapshot.getProjects()[0]
  if (!project) throw new Error('TypeScript could not open tsconfig.build.json')
  return { api, project }
}

const firstLine = (doc: string) => doc.trim().split(/\n\s*\n/)[0]!.replace(/\s*\n\s*/g, ' ').trim()
const resolveAlias = (checker: Checker, s: TsSymbol) => (s.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)

function exportsOf(project: Project, file: string): readonly TsSymbol[] {
  const source = project.program.getSourceFile(file)
  if (!source) throw new Error(`${file} is not in the program`)
  const module = project.checker.getSymbolAtLocation(source)
  return module ? project.checker.getExportsOfModule(module) : []
}

const PRINT_FLAGS = NodeBuilderFlags.NoTruncation

/**
 * A type as text. Schema-inferred objects (`ObjectOf<{ … }>`) are written out as their fields,
 * and the texts of the named types in `names` are replaced by their names.
 */
function typeText(checker: Checker, type: Type, names: ReadonlyMap<string, string>): string {
  let text = checker.typeToString(type, undefined, PRINT_FLAGS)
  if (text.includes('ObjectOf<')) {
    if (type.isUnionType()) text = (type.getTypes() ?? []).map((t) => typeText(checker, t, names)).join(' | ')
    else if (checker.isArrayType(type)) {
      const element = typeText(checker, checker.getTypeArguments(type as never)[0]!, names)
      text = /^[\w.]+$|^\{.*\}$/.test(element) ? `${element}[]` : `(${element})[]`
    } else text = objectText(checker, type, names)
  }
  for (const [expanded, name] of names) text = text.split(expanded).join(name)
  return text.replace(/\((\w+)\)\[\]/g, '$1[]')
}

const objectText = (checker: Checker, type: Type, names: ReadonlyMap<string, string>) =>
  `{ ${fieldsOf(checker, type, names).map((f) => `${f.name}${f.optional ? '?' : ''}: ${f.type}`).join('; ')} }`

function fieldsOf(checker: Checker, type: Type, names: ReadonlyMap<string, string>): Field[] {
  return checker.getPropertiesOfType(type).map((p) => {
    const optional = (p.flags & SymbolFlags.Optional) !== 0
    const t = checker.getTypeOfSymbol(p)
    let text = t ? typeText(checker, t, names) : 'unknown'
    if (optional) text = text.replace(/ \| undefined$/, '')
    return { name: p.name, optional, type: text }
  })
}

function payloadOf(checker: Checker, type: Type, names: ReadonlyMap<string, string>): PayloadShape {
  if (type.isUnionType()) {
    const members = type.getTypes() ?? []
    if (members.every((m) => m.isObjectType())) return { variants: members.map((m) => fieldsOf(checker, m, names)) }
    return { text: typeText(checker, type, names) }
  }
  if (type.isObjectType() || type.isIntersectionType()) return { variants: [fieldsOf(checker, type, names)] }
  return { text: typeText(checker, type, names) }
}

/** Public named types whose written-out text payloads repeat: shown by name, defined once at the end. */
const NAMED_TYPES = [
  { name: 'SerializedError', file: 'src/core/errors/base.ts' },
  { name: 'ViewName', file: 'src/core/events/views.ts' },
  { name: 'Namespace', file: 'src/core/events/views.ts' },
  { name: 'ThemeVariableName', file: 'src/core/events/modal/preferences.ts' },
] as const

/** Each named type's written-out text → its name (longest first, so no name splits another's text). */
function readNamedTypes(project: Project): { names: Map<string, string>; glossary: { name: string; text: string }[] } {
  const glossary: { name: string; text: string }[] = []
  for (const { name, file } of NAMED_TYPES) {
    const symbol = exportsOf(project, join(ROOT, file)).find((s) => s.name === name)
    if (!symbol) throw new Error(`${file} no longer exports ${name}`)
    const type = project.checker.getDeclaredTypeOfSymbol(resolveAlias(project.checker, symbol))
    const { checker } = project
    // An alias of a union is written out (InTypeAlias); an object type field by field.
    const text = type.isUnionType() ? checker.typeToString(type, undefined, PRINT_FLAGS | NodeBuilderFlags.InTypeAlias) : objectText(checker, type, new Map())
    glossary.push({ name, text })
  }
  const names = new Map([...glossary].sort((a, b) => b.text.length - a.text.length).map((g) => [g.text, g.name] as const))
  return { names, glossary }
}

/** Every event creator declared in src/core/events, by event type. */
function readCreators(project: Project, names: ReadonlyMap<string, string>): Map<string, CreatorInfo> {
  const { checker } = project
  const dir = join(ROOT, 'src/core/events')
  const creators = new Map<string, CreatorInfo>()
  // Each feature's events sit in a folder named after it.
  for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort()) {
    for (const exported of exportsOf(project, join(dir, file))) {
      const symbol = resolveAlias(checker, exported)
      if (!(symbol.flags & SymbolFlags.Variable)) continue
      const type = checker.getTypeOfSymbol(symbol)
      if (!type) continue
      const typeProperty = checker.getPropertyOfType(type, 'type')
      if (!typeProperty || !checker.getPropertyOfType(type, 'schema') || !checker.getPropertyOfType(type, 'match')) continue
      const literal = checker.getTypeOfSymbol(typeProperty)
      if (!literal?.isStringLiteralType()) continue
      const signature = checker.getSignaturesOfType(type, SignatureKind.Call)[0]
      const parameter = signature?.getParameters()[0]
      const payloadType = parameter && checker.getTypeOfSymbol(parameter)
      if (!payloadType) continue
      const eventType = String(literal.value)
      if (creators.has(eventType)) continue // a re-export of a creator already read
      creators.set(eventType, {
        name: symbol.name,
        file: `src/core/events/${file}`,
        doc: firstLine(checker.getDocumentationCommentOfSymbol(symbol)),
        payload: payloadOf(checker, payloadType, names),
      })
    }
  }
  return creators
}

/** The JSDoc of each feature export in src/core/features, by export name. */
function readFeatureDocs(project: Project): Map<string, string> {
  const dir = join(ROOT, 'src/core/features')
  const docs = new Map<string, string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    for (const exported of exportsOf(project, join(dir, file))) {
      const symbol = resolveAlias(project.checker, exported)
      docs.set(exported.name, firstLine(project.checker.getDocumentationCommentOfSymbol(symbol)))
    }
  }
  return docs
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function renderPayload(payload: PayloadShape): string {
  if ('text' in payload) return `\`${cell(payload.text)}\``
  const variant = (fields: Field[]) =>
    fields.length === 0 ? 'none' : fields.map((f) => `\`${f.name}${f.optional ? '?' : ''}: ${cell(f.type)}\``).join(', ')
  return payload.variants.length === 1 ? variant(payload.variants[0]!) : payload.variants.map((v, i) => `(${i + 1}) ${variant(v)}`).join(' or ')
}

/** The text of docs/events.md, from the code as it is now. */
export async function generateEventDocs(): Promise<string> {
  const features = await composedFeatures()
  const exportNames = await featureExportNames()
  const { api, project } = openProject()
  try {
    const { names, glossary } = readNamedTypes(project)
    const creators = readCreators(project, names)
    const featureDocs = readFeatureDocs(project)
    const lines: string[] = [
      '# Events',
      '',
      '<!-- Generated by scripts/generateEventDocs.ts from the code: do not edit by hand.',
      '     Run `npx tsx scripts/generateEventDocs.ts` after changing an event or a feature. -->',
      '',
      'Every action in a Gangway modal is an event `{ type, payload, requestId? }`, stamped',
      '`{ seq, at }` by the store. A modal accepts the events of the features it is composed of;',
      'these are the features `createModal` composes (the persisted log joins them unless',
      '`persistLog: false`), in order, each with its events, their payload fields (`?`: optional)',
      'and what the event means. Events a host may dispatch or match on are exported from',
      "`gangway-kit` as creators (`modalOpenRequested`, …), each with `.type` and `.match(event)`.",
      'A host\'s own `modules` add their events after these. See [adding a feature](adding-a-feature.md).',
      '',
    ]
    for (const feature of features) {
      const exportName = exportNames.get(feature)
      lines.push(`## ${feature.name}`, '')
      const doc = exportName ? featureDocs.get(exportName) : undefined
      if (doc) lines.push(doc, '')
      if (feature.events.length === 0) {
        lines.push('No events of its own.', '')
        continue
      }
      lines.push('| event | creator | payload | meaning |', '|---|---|---|---|')
      for (const creator of feature.events as readonly EventCreator<string, unknown>[]) {
        const info = creators.get(creator.type)
        if (!info) throw new Error(`No creator declared in src/core/events for ${creator.type} (feature ${feature.name})`)
        lines.push(`| \`${creator.type}\` | \`${info.name}\` | ${renderPayload(info.payload)} | ${cell(info.doc) || '—'} |`)
      }
      lines.push('')
    }
    lines.push('## Types used above', '', 'Exported from `gangway-kit`.', '')
    for (const { name, text } of glossary) lines.push(`- \`${name}\`: \`${text}\``)
    lines.push('')
    return lines.join('\n')
  } finally {
    api.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(EVENT_DOCS_PATH, await generateEventDocs())
  console.log(`wrote ${EVENT_DOCS_PATH}`)
}
