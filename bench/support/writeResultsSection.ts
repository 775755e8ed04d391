import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** bench/results.md: one section per benchmark, each rewritten only by its own script. */
export const RESULTS_PATH = fileURLToPath(new URL('../results.md', import.meta.url))

const HEADER = `# Benchmarks

Each section is written by its benchmark script between its own markers; run \`npm run bench\`
for all of them, or the command given in a section for that one alone. Edit outside the
markers freely: a run replaces only the text between its markers.
`

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in bench/results.md,
 * appending the section when it is not there yet, so several benchmarks share one file.
 *
 * @example
 * await writeResultsSection('core', '## Core\n…')
 */
export async function writeResultsSection(name: string, markdown: string, path = RESULTS_PATH): Promise<void> {
  const current = await readFile(path, 'utf8').catch(() => HEADER)
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`
  await writeFile(path, next)
}
