import type { CSSProperties } from 'react';

export interface PlainImageProps {
  src: string;
  /** '' for a decorative picture. */
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * A picture served as it is: uploads (avatars, category and question pictures) are small, checked
 * files from our own server, never resized. A plain <img> with its size (no layout shift), loaded
 * lazily and decoded off the main thread. next/image with `unoptimized` gave the same element and
 * cost its own code, about 4.6 kB gzipped, in every game chunk.
 */
export function PlainImage({ src, alt, width, height, className, style }: PlainImageProps) {
  // eslint-disable-next-line @next/next/no-img-element -- the file is served as it is: nothing for next/image to optimise
  return <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" className={className} style={style} />;
}
