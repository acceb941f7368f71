/**
 * A benchmark's figures as JSON, for bench/quick (`BENCH_JSON=<file>`): each measure the bench
 * prints beside its floor, with both sides, so another script can compute the ratio without
 * reading the printed lines.
 */
import fs from 'node:fs';

export interface FloorFigure {
  /** What is measured, e.g. "api rps" or "realtime 50 rooms p99". */
  measure: string;
  /** The app's figure and the floor's, in the same unit. */
  app: number;
  floor: number;
  unit: 'req/s' | 'ms';
  /** Whether more is better (throughput) or less (latency). */
  better: 'higher' | 'lower';
  /** Errors the app answered while measuring: a figure with errors is not comparable. */
  errors: number;
}

/** Writes the figures to `BENCH_JSON` when it is set; does nothing otherwise. */
export function writeFigures(figures: readonly FloorFigure[]): void {
  const file = process.env.BENCH_JSON;
  if (!file) return;
  fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

/** bench/quick's committed reference (bench/quick/reference.json). */
export interface Reference {
  taken: string;
  commit: string;
  machine: string;
  /** Where the full figures of that day are written. */
  fullFigures: string;
  /** Each measure's ratio to its floor (app ÷ floor) in the reference pass. */
  ratios: Record<string, number>;
}

/** A ratio this much worse than its reference is warned about. */
export const WARN_DROP = 0.2;

/** The app's figure divided by the floor's: "% of the floor" for throughput, "× the floor" for latency. */
export const ratioOf = (f: Pick<FloorFigure, 'app' | 'floor'>): number => f.app / f.floor;

/**
 * How much worse a ratio is than its reference, as a share of the reference's standing: 0.25 is
 * 25 % worse, negative is better. For throughput the app's share of the floor fell; for latency
 * the floor's share of the app's time fell (2× the floor become 2.5× is 20 % worse).
 */
export function dropFrom(reference: number, now: number, better: FloorFigure['better']): number {
  return better === 'higher' ? 1 - now / reference : 1 - reference / now;
}

export const showRatio = (ratio: number, better: FloorFigure['better']): string => (better === 'higher' ? `${(ratio * 100).toFixed(1)} % of floor` : `${ratio.toFixed(2)} × floor`);

export interface Compared {
  figure: FloorFigure;
  ratio: number;
  reference: number | null;
  /** dropFrom(reference, ratio): null without a reference. */
  drop: number | null;
}

/** Each figure beside its reference, and the warnings: a drop over WARN_DROP, or errors. */
export function compareWithReference(figures: readonly FloorFigure[], reference: Reference | null): { rows: Compared[]; warnings: string[] } {
  const warnings: string[] = [];
  const rows = figures.map((figure): Compared => {
    const ratio = ratioOf(figure);
    const ref = reference?.ratios[figure.measure] ?? null;
    const drop = ref === null ? null : dropFrom(ref, ratio, figure.better);
    if (figure.errors > 0) warnings.push(`${figure.measure}: the app answered ${figure.errors} errors; its figure is not comparable`);
    else if (drop !== null && drop > WARN_DROP) {
      warnings.push(`${figure.measure}: ${showRatio(ratio, figure.better)} is ${(drop * 100).toFixed(0)} % worse than the reference ${showRatio(ref!, figure.better)}; run the full benchmark alone to confirm`);
    }
    return { figure, ratio, reference: ref, drop };
  });
  return { rows, warnings };
}

/**
 * Each measure's worst ratio over several passes: the reference `--record` commits, so that a
 * pass no worse than the recorded ones' own spread stays quiet.
 */
export function worstRatios(passes: readonly (readonly FloorFigure[])[]): Record<string, number> {
  const worst: Record<string, number> = {};
  for (const figures of passes) {
    for (const figure of figures) {
      const ratio = ratioOf(figure);
      const before = worst[figure.measure];
      const worse = before === undefined || (figure.better === 'higher' ? ratio < before : ratio > before);
      if (worse) worst[figure.measure] = Number(ratio.toFixed(4));
    }
  }
  return worst;
}
