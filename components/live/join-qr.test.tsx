/** @jest-environment jsdom */
import jsQR from 'jsqr';
import { render } from '@testing-library/react';
import { JoinQr, qrModules, qrPath } from '@/components/live/join-qr';

/** The modules as a camera would see them: RGBA pixels, `scale` per module, with the quiet zone. */
function pixels(modules: boolean[][], scale = 4) {
  const n = modules.length + 8;
  const side = n * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const my = Math.floor(y / scale) - 4;
      const mx = Math.floor(x / scale) - 4;
      if (modules[my]?.[mx]) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return { data, side };
}

describe("the join link's QR code", () => {
  test.each(['https://quiz.example.org/live/?pin=482913', 'http://127.0.0.1:3000/live/?pin=100000'])('reads back as the link it was made of: %s', (link) => {
    const { data, side } = pixels(qrModules(link));
    expect(jsQR(data, side, side)?.data).toBe(link);
  });

  test('is drawn as one path of the dark modules, labelled for screen readers', () => {
    const link = 'https://quiz.example.org/live/?pin=482913';
    const { container } = render(<JoinQr text={link} label="QR code of the join link" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe('QR code of the join link');
    const modules = qrModules(link);
    const dark = modules.flat().filter(Boolean).length;
    const d = svg.querySelector('path')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(dark);
    expect(d).toBe(qrPath(modules));
    expect(svg.getAttribute('viewBox')).toBe(`-4 -4 ${modules.length + 8} ${modules.length + 8}`);
  });
});
