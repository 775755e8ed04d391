import { basename } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { LONGEST_FILES } from './files.ts'

/**
 * vitest's order (groups, then the longest of the last run first, or the largest file first
 * without one), with the files known to be longest moved to the front of their group.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const known = LONGEST_FILES.indexOf(basename(spec.moduleId))
      return known === -1 ? LONGEST_FILES.length : known
    }
    // Stable: within a group, the known long files first (in their order), the rest as vitest had them.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
