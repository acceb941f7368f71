/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import { renderMath } from '@/components/maths/math-text';

describe('maths text', () => {
  test('renders the LaTeX between $…$ with KaTeX (HTML and MathML) and keeps the words around it', () => {
    const { container } = render(<p>{renderMath('Work out $\\frac{3}{4} + \\frac{1}{8}$ now.')}</p>);
    expect(container.textContent).toMatch(/^Work out .* now\.$/);
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.querySelector('.katex .mfrac')).not.toBeNull();
    expect(container.querySelector('math annotation')?.textContent).toBe('\\frac{3}{4} + \\frac{1}{8}');
  });

  test('leaves text without maths as it is, and shows a broken formula as an error instead of throwing', () => {
    expect(renderMath('Plain text')).toBe('Plain text');
    const { container } = render(<p>{renderMath('Bad $\\frac{1}$')}</p>);
    expect(container.querySelector('.katex-error')).not.toBeNull();
  });
});
