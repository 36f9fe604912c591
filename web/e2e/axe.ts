import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a page. */
const FAILING = new Set(['serious', 'critical']);

/** One failing rule on one page, with a few of the offending elements. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A/AA and best-practice rules) on the page as it is now and returns its
 * serious and critical violations; an empty list means the page passes.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

/** "rule (impact, n×): help — target, target" lines, for a failure message. */
export function describeViolations(path: string, violations: Violation[]): string[] {
  return violations.map(
    (v) => `${path}: ${v.rule} (${v.impact}, ${v.nodes}×) ${v.help} — ${v.targets.join(' | ')}`,
  );
}
