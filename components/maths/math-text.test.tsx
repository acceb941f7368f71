/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import { renderMath, spokenMath } from '@/components/maths/math-text';

describe('maths text', () => {
  test('draws the LaTeX between $…$ with KaTeX, named in words for screen readers, and keeps the text around it', () => {
    const { container } = render(<p>{renderMath('Work out $\\frac{3}{4} + \\frac{1}{8}$ now.')}</p>);
    expect(container.textContent).toMatch(/^Work out .* now\.$/);
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.querySelector('.katex .mfrac')).not.toBeNull();
    const math = container.querySelector('[role="math"]')!;
    expect(math.getAttribute('aria-label')).toBe('3 over 4 plus 1 over 8');
    expect(math.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
  });

  test('says the formulas of the demo content in words', () => {
    expect(spokenMath('46 \\times 19')).toBe('46 times 19');
    expect(spokenMath('312 \\div 12')).toBe('312 divided by 12');
    expect(spokenMath('7^{3}')).toBe('7 to the power of 3');
    expect(spokenMath('\\sqrt{169}')).toBe('the square root of 169');
    expect(spokenMath('3x - 4 = 11')).toBe('3x minus 4 equals 11');
    expect(spokenMath('x = -7')).toBe('x equals minus 7');
    expect(spokenMath('15\\%')).toBe('15 percent');
  });

  test('a formula that is only a number is plain text in the app\'s typeface, like every other tile', () => {
    for (const [tex, shown] of [
      ['874', '874'],
      ['-7', '−7'],
      ['15\\%', '15%'],
      ['1{,}250', '1,250'],
      ['2.5', '2.5'],
    ]) {
      const { container, unmount } = render(<p>{renderMath(`$${tex}$`)}</p>);
      expect(container.textContent).toBe(shown);
      expect(container.querySelector('.katex')).toBeNull();
      unmount();
    }
    // Real maths is still drawn.
    for (const tex of ['x = 5', '7^{3}', '\\sqrt{169}', '46 \\times 19']) {
      const { container, unmount } = render(<p>{renderMath(`$${tex}$`)}</p>);
      expect(container.querySelector('.katex')).not.toBeNull();
      unmount();
    }
  });

  test('leaves text without maths as it is, and shows a broken formula as an error instead of throwing', () => {
    expect(renderMath('Plain text')).toBe('Plain text');
    const { container } = render(<p>{renderMath('Bad $\\frac{1}$')}</p>);
    expect(container.querySelector('.katex-error')).not.toBeNull();
  });
});
