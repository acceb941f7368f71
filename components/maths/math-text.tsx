'use client';

import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { ReactNode } from 'react';

/**
 * Maths mania's text: LaTeX between `$…$` rendered by KaTeX (HTML for the eye, MathML for screen
 * readers), the rest as plain text. Only the maths pages import this module, so KaTeX and its
 * styles never reach another page's first load.
 */
export function renderMath(text: string): ReactNode {
  const parts = text.split(/(\$[^$]+\$)/g);
  if (parts.length === 1) return text;
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const html = katex.renderToString(part.slice(1, -1), { throwOnError: false, output: 'htmlAndMathml' });
    return <span key={i} className="math" dangerouslySetInnerHTML={{ __html: html }} />;
  });
}
