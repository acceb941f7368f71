/**
 * How long after the load event background work (the live notification stream, the interface
 * language list, the page-speed measuring) waits before it starts: the page's own calls and its
 * first paint of content come first. On a slow phone network a page's own chain (scripts, strings,
 * its game, its first call) takes a couple of seconds; a notification or a language name arriving
 * that much later is not noticed.
 */
export const BACKGROUND_DELAY_MS = 2000;

/**
 * Runs `run` once the page has loaded (its load event), `delayMs` later, at the browser's next idle
 * moment (or at most 2 s after that). Returns a function that cancels it if it has not run yet.
 */
export function whenPageSettled(run: () => void, delayMs = 0): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(go, { timeout: 2000 });
    else timer = setTimeout(go, 0);
  };
  const afterLoad = () => {
    if (delayMs > 0) timer = setTimeout(idle, delayMs);
    else idle();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer !== undefined) clearTimeout(timer);
    if (idleHandle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
  };
}
