/**
 * Runs `fn` in the first task after the browser has drawn the next frame (its style, layout and
 * paint), not before: work that reads layout or moves focus then finds them done instead of
 * forcing them in the middle of a render. Returns a cancel function.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // An animation frame callback runs just before the frame's style and layout; a task queued from
  // it runs once the frame is done.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** A promise of the first task after the next frame has been drawn (`afterNextPaint`). */
export const nextPaint = (): Promise<void> => new Promise((resolve) => void afterNextPaint(resolve));

/** A promise of the browser's first idle moment after the next frame has been drawn (at most 1.5 s after it). */
export const paintThenIdle = (): Promise<void> =>
  nextPaint().then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1500 });
        else setTimeout(resolve, 50);
      }),
  );
