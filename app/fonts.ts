import localFont from 'next/font/local';

/**
 * The display face, Baloo Bhaijaan 2 (SIL Open Font License), shipped with the app from its npm
 * package: one variable file per script. Latin is preloaded (every page's headings use it);
 * Arabic loads when an Arabic heading is drawn. `swap` with metrics-matched fallbacks: a heading
 * first drawn in the system face keeps its box when the display face arrives.
 */
export const displayLatin = localFont({
  src: '../node_modules/@fontsource-variable/baloo-bhaijaan-2/files/baloo-bhaijaan-2-latin-wght-normal.woff2',
  variable: '--font-display-latin',
  weight: '400 800',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Arial',
});

export const displayArabic = localFont({
  src: '../node_modules/@fontsource-variable/baloo-bhaijaan-2/files/baloo-bhaijaan-2-arabic-wght-normal.woff2',
  variable: '--font-display-arabic',
  weight: '400 800',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
});
