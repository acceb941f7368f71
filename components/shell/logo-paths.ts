/**
 * The app's mark, drawn once for Quiz Arena: a speech bubble holding a spark on a rounded square
 * (viewBox 0 0 32 32). The app bar draws it (LogoMark) and the tab's icon is made from it
 * (app/layout.tsx).
 */
export const LOGO_CORNER_RADIUS = 9;
export const LOGO_BUBBLE_PATH = 'M16 6.5c-5.5 0-9.5 3.7-9.5 8.4 0 2.6 1.2 4.9 3.2 6.4l-.9 4.2 4.3-2.3c.9.2 1.9.3 2.9.3 5.5 0 9.5-3.7 9.5-8.6S21.5 6.5 16 6.5Z';
export const LOGO_SPARK_PATH = 'm17.2 9.5-4.6 6.6h3.4l-1.2 5.4 4.8-6.9h-3.5l1.1-5.1Z';

/** The mark as a standalone SVG document in fixed colours (the accent and white of the light theme). */
export function logoSvg(): string {
  const accent = '#4338ca';
  const onAccent = '#fff';
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='${LOGO_CORNER_RADIUS}' fill='${accent}'/>` +
    `<path d='${LOGO_BUBBLE_PATH}' fill='${onAccent}'/><path d='${LOGO_SPARK_PATH}' fill='${accent}'/></svg>`
  );
}
