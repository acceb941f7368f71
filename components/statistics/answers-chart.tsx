'use client';

import { formatDay } from '@/components/profile/format';
import { useId } from 'react';
import { useTranslation } from '@/services/client/i18n';
import type { StatisticsDay } from '@/services/client/play-api';

const WIDTH = 400;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 30, left: 34 };

/** A round top for the axis: 1, 2, 5 × 10ⁿ, at least 4. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}


/**
 * Answered vs correct per day as an SVG bar chart: answered as an outlined bar, correct as a solid
 * one beside it (told apart by shape as well as colour), with a legend, and the same numbers as a
 * table for those who would rather read them.
 */
export function AnswersChart({ history }: { history: readonly StatisticsDay[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const top = niceMax(Math.max(0, ...history.map((d) => d.answered)));
  const group = plotW / Math.max(1, history.length);
  const bar = Math.max(2, Math.min(24, group * 0.36));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  // At most about seven day labels, so that they never overlap.
  const labelEvery = Math.max(1, Math.ceil(history.length / 7));
  const totals = history.reduce((a, d) => ({ answered: a.answered + d.answered, correct: a.correct + d.correct }), { answered: 0, correct: 0 });

  return (
    <figure className="flex flex-col gap-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="h-auto w-full max-w-lg text-fg">
        <title id={titleId}>{t('statistics.chart_title')}</title>
        <desc id={descId}>{t('statistics.chart_summary', { days: history.length, count: history.length, answered: totals.answered, correct: totals.correct })}</desc>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className="stroke-line" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-fg-muted text-[13px]">
              {v}
            </text>
          </g>
        ))}
        {history.map((d, i) => {
          const x = PAD.left + i * group + group / 2;
          return (
            <g key={d.day}>
              <rect x={x - bar - 1} y={y(d.answered)} width={bar} height={Math.max(0, y(0) - y(d.answered))} className="fill-accent-soft stroke-accent" strokeWidth={1.5} />
              <rect x={x + 1} y={y(d.correct)} width={bar} height={Math.max(0, y(0) - y(d.correct))} className="fill-accent" />
              {i % labelEvery === 0 ? (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" className="fill-fg-muted text-[13px]">
                  {formatDay(d.day, i18n.language)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-4 text-sm">
          <li className="flex items-center gap-2">
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
              <rect x="1" y="1" width="12" height="12" className="fill-accent-soft stroke-accent" strokeWidth="1.5" />
            </svg>
            {t('statistics.answered')}
          </li>
          <li className="flex items-center gap-2">
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
              <rect x="0" y="0" width="14" height="14" className="fill-accent" />
            </svg>
            {t('statistics.correct')}
          </li>
        </ul>
      </figcaption>
      <details>
        <summary className="inline-flex min-h-touch cursor-pointer items-center font-medium">{t('statistics.show_table')}</summary>
        <table className="mt-2 w-full text-start text-sm">
          <caption className="sr-only">{t('statistics.chart_title')}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 text-start">
                {t('statistics.day')}
              </th>
              <th scope="col" className="py-2 text-end">
                {t('statistics.answered')}
              </th>
              <th scope="col" className="py-2 text-end">
                {t('statistics.correct')}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((d) => (
              <tr key={d.day} className="border-b border-line">
                <th scope="row" className="py-2 text-start font-normal">
                  <time dateTime={d.day}>{formatDay(d.day, i18n.language)}</time>
                </th>
                <td className="py-2 text-end tabular-nums">{d.answered}</td>
                <td className="py-2 text-end tabular-nums">{d.correct}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
