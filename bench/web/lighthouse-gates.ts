/**
 * What CI holds every audited page to in Lighthouse (bench/web/lighthouse.ts --check): the results
 * that do not depend on how fast the machine is while it audits. A category's score here comes from
 * pass/fail audits (a missing label, a console error, a missing description), and the layout shift
 * counts positions, not time. The performance score is a benchmark figure, not a gate (decision 044).
 */
export const GATED_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
export type GatedCategory = (typeof GATED_CATEGORIES)[number];

export interface Gates extends Record<GatedCategory, number> {
  /** Cumulative layout shift, at most. */
  cls: number;
}

export interface GatedResult {
  /** Each gated category's score, 0-100. */
  categories: Record<GatedCategory, number>;
  cls: number;
}

/** What a run misses of the gates, one line each (empty when it meets them all). */
export function missedGates(run: GatedResult, gates: Gates): string[] {
  const missed: string[] = [];
  for (const category of GATED_CATEGORIES) {
    const score = run.categories[category];
    if (!(score >= gates[category])) missed.push(`${category} ${score} (at least ${gates[category]})`);
  }
  if (!(run.cls <= gates.cls)) missed.push(`CLS ${Number.isFinite(run.cls) ? run.cls.toFixed(3) : 'not measured'} (at most ${gates.cls})`);
  return missed;
}
