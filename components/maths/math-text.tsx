'use client';

import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { ReactNode } from 'react';

/**
 * Maths mania's text: LaTeX between `$…$` drawn by KaTeX, the rest as plain text. Each formula is
 * one `role="math"` element named by its spoken form ("3 over 4 plus 1 over 8"), so screen readers
 * and the accessible name of an answer button read it in words; the drawing itself is hidden from
 * them. Only the maths pages import this module, so KaTeX and its styles never reach another
 * page's first load.
 */

const SPOKEN: [RegExp, string][] = [
  [/\\frac\{([^{}]*)\}\{([^{}]*)\}/g, ' $1 over $2 '],
  [/\\sqrt\{([^{}]*)\}/g, ' the square root of $1 '],
  [/\^\{([^{}]*)\}/g, ' to the power of $1 '],
  [/\^(\w)/g, ' to the power of $1 '],
  [/\\times/g, ' times '],
  [/\\div/g, ' divided by '],
  [/\\cdot/g, ' times '],
  [/\\%/g, ' percent'],
  [/\\pi/g, ' pi '],
  [/\\le(q)?/g, ' is at most '],
  [/\\ge(q)?/g, ' is at least '],
  [/(^|[^\w])-(\s*\d)/g, '$1minus $2'],
  [/\s-\s/g, ' minus '],
  [/\+/g, ' plus '],
  [/=/g, ' equals '],
  [/[{}\\]/g, ' '],
];

/** A formula in words, for assistive technology. */
export function spokenMath(tex: string): string {
  let out = tex;
  for (const [pattern, words] of SPOKEN) out = out.replace(pattern, words);
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * A formula that is only a number ("$874$", "$-7$", "$15\\%$", "$1{,}250$"), as plain text: drawn in
 * the app's own typeface like every other tile, not KaTeX's serif; null for real maths.
 */
export function plainNumber(tex: string): string | null {
  const text = tex.replace(/\{,\}/g, ',').replace(/\\%/g, '%').trim();
  return /^[-−]?\d[\d,]*(\.\d+)?%?$/.test(text) ? text.replace(/^-/, '−') : null;
}

export function renderMath(text: string): ReactNode {
  const parts = text.split(/(\$[^$]+\$)/g);
  if (parts.length === 1) return text;
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const tex = part.slice(1, -1);
    const plain = plainNumber(tex);
    if (plain !== null) return plain;
    const html = katex.renderToString(tex, { throwOnError: false, output: 'html' });
    return (
      <span key={i} role="math" aria-label={spokenMath(tex)}>
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />
      </span>
    );
  });
}
