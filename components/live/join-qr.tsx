import qrcode from 'qrcode-generator';

/** The dark modules of a QR code of `text`, row by row (medium error correction, the smallest version that holds it). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** One SVG path of every dark module (a unit square each), so the code is a single element however large. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let d = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

/**
 * The join link as a QR code, drawn as an SVG on white with its four-module quiet zone (phones'
 * cameras need the light margin and the contrast, so it stays black on white in the dark theme too).
 */
export function JoinQr({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const modules = qrModules(text);
  const size = modules.length + 8;
  return (
    <svg role="img" aria-label={label} viewBox={`-4 -4 ${size} ${size}`} shapeRendering="crispEdges" data-qr-text={text} className={`rounded-card bg-white ${className}`}>
      <rect x={-4} y={-4} width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}
