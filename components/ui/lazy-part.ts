import { lazy, type ComponentType } from 'react';

const NOTHING = () => null;

/**
 * React.lazy for a part of a page that is not its content (the bottom tabs, the footer, the route
 * bar, the live feed, the account menu's contents, the home page's highlights and icons). Its
 * chunk is asked for again after a failure (the server restarting, the network dropping), at 1,
 * 2, 4… up to 10 s apart for about a minute; if it never comes the part stays away: a missing
 * footer must never take the page down with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any component
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  const attempt = (n: number): Promise<{ default: C }> =>
    load().catch(() =>
      n >= 8
        ? { default: NOTHING as unknown as C }
        : new Promise<{ default: C }>((resolve) => setTimeout(() => resolve(attempt(n + 1)), Math.min(10_000, 1000 * 2 ** n))),
    );
  return lazy(() => attempt(0));
}
