import axe from 'axe-core'
import type { Page } from 'playwright-core'

type AxeWindow = Window & { axe?: typeof axe }

/**
 * axe-core's critical and serious violations in the modal (its shadow root included), each as
 * `rule (impact): target reason, …`; `rules` limits the audit to those rules.
 *
 * axe is put into the page once (its source is 1.3 MB) and run where the modal is, asking for
 * violations only: @axe-core/playwright evaluates the source twice per analysis, once more in
 * every frame, and finishes each analysis in a new blank page, which took half of the time of an
 * audit, and more on a loaded machine. The embedded wallet's frame is outside the modal's element,
 * so no frame is in the audit's context.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function'))) await page.evaluate(axe.source)
  const results = await page.evaluate(
    (only) =>
      (window as AxeWindow).axe!.run(
        { include: [['gangway-modal']], exclude: [] },
        { resultTypes: ['violations'], iframes: false, ...(only ? { runOnly: { type: 'rule', values: only } } : {}) },
      ),
    rules ?? null,
  )
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' > ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(', ')}`)
}
