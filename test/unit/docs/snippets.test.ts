import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { API } from 'typescript/unstable/sync'
import { describe, expect, it } from 'vitest'
import { packageEntries } from '../../../scripts/apiReport'

// The ```ts / ```tsx blocks of README.md and docs/*.md that import from 'gangway-kit…' are
// typechecked against the package's sources (each entry of package.json `exports` mapped to its
// src module through `paths`), so the documentation cannot drift from the API.
//
// A block that is deliberately partial (a fragment that cannot compile on its own) opts out
// with the marker comment below on any of its lines. Keep opt-outs rare.
export const OPT_OUT = '// snippet: partial'

const ROOT = resolve(import.meta.dirname, '../../..')
/** A folder that exists only in the compiler's (virtual) view: the snippets and their tsconfig. */
const VIRTUAL = join(ROOT, 'test/unit/docs/__snippets__')
/** Generated references: their code blocks are declarations, not examples. */
const GENERATED = new Set(['docs/api-report.md', 'docs/events.md'])

/**
 * Names the documentation uses without defining them, as a reader would have them from the
 * surrounding text: the React root of `root.render(…)`, the modal made by `createModal`, the
 * token contract and recipient of the contract-call examples, and the environment variables a
 * Vite app reads (`import.meta.env.VITE_…`, typed by its `vite/client` types).
 */
const PRELUDE = `export {}
declare global {
  interface ImportMeta { readonly env: { readonly [key: string]: any } }
  const root: import('react-dom/client').Root
  const modal: import('gangway-kit').Modal
  const token: \`0x\${string}\`
  const to: \`0x\${string}\`
  const erc20Abi: typeof import('viem').erc20Abi
}
`

/**
 * The host's own modules the guides import by relative path: `./modal` (the module that makes
 * the modal, docs/vite.md) and `./app` (the app loaded after the devtools hook, docs/devtools.md).
 */
const HOST_MODULES: Record<string, string> = {
  'modal.ts': "export declare const modal: import('gangway-kit').Modal\n",
  'app.ts': 'export {}\n',
}

/**
 * Diagnostics a snippet may raise by being a fragment of a larger program: a `return` written
 * at the top level of an example that stands for a handler's body.
 */
const FRAGMENT_CODES = new Set([1108])

export type Snippet = { file: string; line: number; lang: 'ts' | 'tsx'; code: string }

/** The code blocks of a markdown text that import from 'gangway-kit' or one of its entries. */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = []
  const fence = /^```(ts|tsx)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm
  for (const match of markdown.matchAll(fence)) {
    const code = match[2]!
    if (!/\bfrom ['"]gangway-kit(-testing)?(\/[\w-]+)*['"]/.test(code)) continue
    if (code.includes(OPT_OUT)) continue
    const line = markdown.slice(0, match.index).split('\n').length + 1
    snippets.push({ file, line, lang: match[1] as 'ts' | 'tsx', code })
  }
  return snippets
}

export function documentationSnippets(): Snippet[] {
  const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)]
  return files.filter((f) => !GENERATED.has(f)).flatMap((f) => extractSnippets(f, readFileSync(join(ROOT, f), 'utf8')))
}

export type SnippetProblem = { snippet: Snippet; line: number; code: number; text: string }

/** Typechecks snippets with the TypeScript compiler, against the package's sources. */
export function checkSnippets(snippets: readonly Snippet[]): SnippetProblem[] {
  const base = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: Record<string, unknown> }
  const paths = Object.fromEntries([
    ...packageEntries().map((e) => [e.specifier, [relative(VIRTUAL, e.source)]]),
    // The testing kit, a package of its own built from dev/testing.
    ['gangway-kit-testing', [relative(VIRTUAL, join(ROOT, 'dev/testing/index.ts'))]],
  ])
  const virtualFiles = new Map<string, string>()
  const names = snippets.map((s, i) => join(VIRTUAL, `${String(i).padStart(3, '0')}.${s.lang}`))
  snippets.forEach((s, i) => virtualFiles.set(names[i]!, s.code))
  virtualFiles.set(join(VIRTUAL, 'prelude.d.ts'), PRELUDE)
  for (const [name, text] of Object.entries(HOST_MODULES)) virtualFiles.set(join(VIRTUAL, name), text)
  const tsconfig = join(VIRTUAL, 'tsconfig.json')
  virtualFiles.set(
    tsconfig,
    JSON.stringify({
      // Examples declare things they do not use (a component, a result): that is not a mistake there.
      compilerOptions: { ...base.compilerOptions, noUnusedLocals: false, noUnusedParameters: false, paths },
      files: ['prelude.d.ts', ...Object.keys(HOST_MODULES), ...names.map((n) => relative(VIRTUAL, n))],
    }),
  )
  const inVirtual = (p: string) => p === VIRTUAL || p.startsWith(`${VIRTUAL}/`)
  const api = new API({
    cwd: ROOT,
    fs: {
      readFile: (p) => (virtualFiles.has(p) ? virtualFiles.get(p)! : inVirtual(p) ? null : undefined),
      fileExists: (p) => (virtualFiles.has(p) ? true : inVirtual(p) ? false : undefined),
      directoryExists: (p) => (inVirtual(p) ? p === VIRTUAL : undefined),
    },
  })
  try {
    const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)
    if (!project) throw new Error('TypeScript could not open the snippets project')
    const problems: SnippetProblem[] = []
    for (const d of project.program.getConfigFileParsingDiagnostics()) problems.push({ snippet: { file: 'tsconfig', line: 0, lang: 'ts', code: '' }, line: 0, code: d.code, text: d.text })
    snippets.forEach((snippet, i) => {
      const name = names[i]!
      // A call the library has deprecated (wagmi's useAccount, say) is a problem in an example too.
      const deprecated = project.program.getSuggestionDiagnostics(name).filter((d) => DEPRECATED_CODES.has(d.code))
      for (const d of [...project.program.getSyntacticDiagnostics(name), ...project.program.getSemanticDiagnostics(name), ...deprecated]) {
        if (FRAGMENT_CODES.has(d.code)) continue
        const line = snippet.line + snippet.code.slice(0, d.pos).split('\n').length - 1
        const chain = (d.messageChain ?? []).map((m) => m.text).join(' ')
        problems.push({ snippet, line, code: d.code, text: chain ? `${d.text} ${chain}` : d.text })
      }
    })
    return problems
  } finally {
    api.close()
  }
}

/** TypeScript's "'…' is deprecated" suggestions (a signature, a declaration). */
const DEPRECATED_CODES: ReadonlySet<number> = new Set([6385, 6387])

const report = (problems: readonly SnippetProblem[]) => problems.map((p) => `${p.snippet.file}:${p.line} TS${p.code}: ${p.text}`).join('\n')

describe('code snippets of the documentation', () => {
  it('finds the snippets that import gangway in README.md and docs/', () => {
    const snippets = documentationSnippets()
    const files = new Set(snippets.map((s) => s.file))
    for (const file of ['README.md', 'docs/vite.md', 'docs/nextjs.md', 'docs/wagmi.md', 'docs/theming.md', 'docs/devtools.md', 'docs/self-hosting.md']) {
      expect(files.has(file), file).toBe(true)
    }
  })

  it('typecheck against the package sources', () => {
    const problems = checkSnippets(documentationSnippets())
    expect(report(problems)).toBe('')
  }, 60_000)

  it('catches a snippet that drifted from the API (a missing export, a wrong option, a wrong prop, a deprecated call)', () => {
    const drifted = [
      "import { createModal, openModal } from 'gangway-kit'\nconst m = createModal({ projectId: 'p' })\n",
      "import { createModal } from 'gangway-kit'\ncreateModal({ projectId: 'p', themeMode: 'blue' })\n",
      "import { ConnectButton } from 'gangway-kit/react'\nexport const b = <ConnectButton chainStatus=\"huge\" />\n",
      "import { createModal } from 'gangway-kit'\nimport { useAccount } from 'wagmi'\ncreateModal({ projectId: 'p' })\nexport function A() { return useAccount().address }\n",
    ].map((code, i): Snippet => ({ file: `drift${i}.md`, line: 1, lang: 'tsx', code }))
    const problems = checkSnippets(drifted)
    expect(new Set(problems.map((p) => p.snippet.file))).toEqual(new Set(['drift0.md', 'drift1.md', 'drift2.md', 'drift3.md']))
    expect(problems.find((p) => p.snippet.file === 'drift3.md')!.text).toContain('deprecated')
    expect(problems.find((p) => p.snippet.file === 'drift0.md')!.text).toContain('openModal')
  }, 60_000)

  it('extracts only ts / tsx blocks importing gangway, and honours the opt-out marker', () => {
    const md = [
      '```ts', "import { createModal } from 'gangway-kit'", '```',
      '```tsx', "import { ConnectButton } from 'gangway-kit/react'", OPT_OUT, '```',
      '```ts', "import { erc20Abi } from 'viem'", '```',
      '```sh', "echo from 'gangway-kit'", '```',
    ].join('\n')
    const found = extractSnippets('x.md', md)
    expect(found).toEqual([{ file: 'x.md', line: 2, lang: 'ts', code: "import { createModal } from 'gangway-kit'\n" }])
  })
})
