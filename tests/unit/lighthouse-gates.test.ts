import { missedGates, type Gates } from '@/bench/web/lighthouse-gates';
import budgets from '@/bench/web/budget.json';

const gates: Gates = { accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.1 };
const perfect = { categories: { accessibility: 100, 'best-practices': 100, seo: 100 }, cls: 0 };

describe('the Lighthouse gates CI holds every page to', () => {
  it('a run that meets every gate misses none', () => {
    expect(missedGates(perfect, gates)).toEqual([]);
    expect(missedGates({ ...perfect, cls: 0.1 }, gates)).toEqual([]);
  });

  it('names each category under its bar, and a layout shift over its bar', () => {
    expect(missedGates({ categories: { accessibility: 96, 'best-practices': 100, seo: 92 }, cls: 0.25 }, gates)).toEqual([
      'accessibility 96 (at least 100)',
      'seo 92 (at least 100)',
      'CLS 0.250 (at most 0.1)',
    ]);
    expect(missedGates({ ...perfect, categories: { ...perfect.categories, 'best-practices': 99 } }, gates)).toEqual(['best-practices 99 (at least 100)']);
  });

  it('a score or shift Lighthouse did not give counts as missed, not met', () => {
    expect(missedGates({ categories: { accessibility: Number.NaN, 'best-practices': 100, seo: 100 }, cls: Number.NaN }, gates)).toEqual([
      'accessibility NaN (at least 100)',
      'CLS not measured (at most 0.1)',
    ]);
  });

  it('the budget gates every deterministic category and not the performance score', () => {
    expect(Object.keys(budgets.lighthouse.gates).sort()).toEqual(['accessibility', 'best-practices', 'cls', 'seo']);
    expect(budgets.lighthouse.gates).not.toHaveProperty('performance');
  });
});
