import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build as viteBuild, minifySync, type Plugin } from 'vite'
import { build } from '../../scripts/build'

/** The host apps under bench/bundle/apps, each built on its own into bench/bundle/dist/<name>. */
export const APPS_DIR = fileURLToPath(new URL('./apps', import.meta.url))
export const DIST_DIR = fileURLToPath(new URL('./dist', import.meta.url))

export type Contributor = {
  /** An npm package, `gangway` for this package's dist/, or the app's own code. */
  name: string
  modules: number
  /** Bytes of the code the bundler kept for it (tree-shaken, before minifying). */
  renderedBytes: number
  /** Its kept code minified (whitespace and names, no dead-code removal) and gzipped on its own: an attribution, the parts do not add up exactly. */
  gzipBytes: number
  /** Who imports it directly: Gangway's files by path, other packages by name. */
  importedBy: string[]
}

type ChunkModule = { id: string; code: string; imports: string[] }

export type HostAppBuild = {
  name: string
  outDir: string
  /** The entry chunk and its static imports, from Vite's manifest: what the HTML loads up front. */
  staticInitialFiles: string[]
  /** Every JS chunk the build wrote. */
  jsFiles: string[]
  /** The modules each chunk holds, with the code the bundler kept for each. */
  modulesByChunk: ReadonlyMap<string, ChunkModule[]>
}

export type JsSummary = {
  files: string[]
  bytes: number
  /** The files gzipped one by one with node:zlib at level 9, summed. */
  gzipBytes: number
  /** What the JS is made of, largest first. */
  contributors: Contributor[]
  /** Gangway's own code (the package's dist/) split by folder, largest first. */
  gangwayFolders: Contributor[]
  /** Gangway's own files (dist/: a start-up module, or a lazy part such as the engine), largest first. */
  gangwayModules: Contributor[]
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }

/** Level-9 gzip size, the figure every table here uses. */
export function gzipSize(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length
}

let packageBuild: Promise<void> | undefined

/**
 * The package as hosts install it: the apps import `gangway-kit` (this repository, by its own
 * name), whose exports point into dist/, built here once per process (`npm run build`'s
 * declarations and bundle).
 */
export function buildPackageOnce(): Promise<void> {
  packageBuild ??= build()
  return packageBuild
}

/**
 * Builds one host app for production with Vite, as a host would (no options beyond a relative
 * base), keeping what each chunk is made of.
 */
export async function buildHostApp(name: string): Promise<HostAppBuild> {
  await buildPackageOnce()
  const outDir = join(DIST_DIR, name)
  const modulesByChunk = new Map<string, ChunkModule[]>()
  await viteBuild({
    configFile: false,
    root: join(APPS_DIR, name),
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: [recordModules(modulesByChunk)],
    build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  })

  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const initial = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || initial.has(chunk.file)) return
    initial.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return {
    name,
    outDir,
    staticInitialFiles: [...initial].filter((f) => f.endsWith('.js')),
    jsFiles: [...modulesByChunk.keys()].filter((f) => f.endsWith('.js')),
    modulesByChunk,
  }
}

/** Sizes a set of the build's JS files (paths relative to its outDir) and attributes their code. */
export async function summarizeJs(built: HostAppBuild, files: readonly string[]): Promise<JsSummary> {
  let bytes = 0
  let gzipBytes = 0
  const modules: ChunkModule[] = []
  for (const file of files) {
    const code = await readFile(join(built.outDir, file))
    bytes += code.length
    gzipBytes += gzipSize(code)
    modules.push(...(built.modulesByChunk.get(file) ?? []))
  }
  const own = modules.filter((m) => owner(m.id) === 'gangway')
  return {
    files: [...files],
    bytes,
    gzipBytes,
    contributors: attribute(modules, owner),
    gangwayFolders: attribute(own, (id) => `dist/${dirname(relative(PACKAGE_DIST, id))}/`.replace('/./', '/')),
    gangwayModules: attribute(own, packageFile),
  }
}

/**
 * Groups modules, then minifies and gzips each group's kept code on its own. Minifying keeps
 * dead-code removal off: seen alone, a group's code looks unused (its callers are in other
 * groups) and would be dropped.
 */
function attribute(modules: readonly ChunkModule[], groupOf: (id: string) => string): Contributor[] {
  const groups = new Map<string, string[]>()
  const importedBy = new Map<string, Set<string>>()
  for (const m of modules) {
    // Modules tree-shaken to nothing (type-only or unused) cost nothing.
    if (m.code.trim() === '') continue
    const key = groupOf(m.id)
    groups.set(key, [...(groups.get(key) ?? []), m.code])
  }
  for (const m of modules) {
    const from = groupOf(m.id)
    const by = owner(m.id) === 'gangway' ? packageFile(m.id) : owner(m.id)
    for (const imported of m.imports) {
      const to = groupOf(imported)
      if (to === from || !groups.has(to)) continue
      importedBy.set(to, (importedBy.get(to) ?? new Set()).add(by))
    }
  }
  return [...groups]
    .map(([name, parts]) => {
      const code = parts.join('\n')
      const minified = minifySync(`${name.replace(/\W/g, '_')}.js`, code, { compress: false, mangle: true }).code
      return { name, modules: parts.length, renderedBytes: code.length, gzipBytes: gzipSize(minified), importedBy: [...(importedBy.get(name) ?? [])].sort() }
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
}

/** Keeps the rendered code of every module per output chunk, and what each imports statically. */
function recordModules(into: Map<string, ChunkModule[]>): Plugin {
  return {
    name: 'bench-record-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk')
      const rendered = new Set(chunks.flatMap((c) => Object.keys(c.modules)))
      // A module that left no code (a re-exporting index, say) passes its imports on to its importer.
      const importsOf = (id: string, seen = new Set<string>()): string[] =>
        (this.getModuleInfo(id)?.importedIds ?? []).flatMap((next) => {
          if (seen.has(next)) return []
          seen.add(next)
          return rendered.has(next) ? [next] : importsOf(next, seen)
        })
      for (const output of chunks) {
        into.set(
          output.fileName,
          Object.entries(output.modules).map(([id, m]) => ({ id, code: m.code ?? '', imports: importsOf(id) })),
        )
      }
    },
  }
}

const PACKAGE_DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

/** A file of the package by its path in dist/, without the content hash a chunk's name carries. */
const packageFile = (id: string) => `dist/${relative(PACKAGE_DIST, id)}`.replace(/-[\w-]{8}\.js$/, '.js')

/** The package a module belongs to: the last node_modules segment's package, or gangway's dist. */
function owner(id: string): string {
  const path = id.replace(/^\0/, '').split('?')[0] as string
  const at = path.lastIndexOf('/node_modules/')
  if (at >= 0) {
    const parts = path.slice(at + '/node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string)
  }
  if (path.startsWith(PACKAGE_DIST)) return 'gangway'
  if (path.startsWith(APPS_DIR)) return 'host app'
  return 'bundler runtime'
}
