import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's pages as route patterns, read from the app directory (`app/**\/page.tsx`): route
 * groups such as `(auth)` drop out, `[param]` segments match any one segment. A visited address
 * is kept only as the pattern it matches, so a player's id or a room code never reaches the
 * table; an address that is none of the app's pages is `(other)`.
 */
export const OTHER_ROUTE = '(other)';

interface Pattern {
  route: string;
  segments: string[];
}

function walk(dir: string, segments: string[], out: Pattern[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  if (entries.some((e) => e.isFile() && /^page\.(tsx|ts|jsx|js)$/.test(e.name))) {
    out.push({ route: `/${segments.join('/')}${segments.length ? '/' : ''}`, segments });
  }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('_') || e.name.startsWith('@')) continue;
    const group = /^\(.+\)$/.test(e.name);
    walk(path.join(dir, e.name), group ? segments : [...segments, e.name], out);
  }
}

export interface RouteMatcher {
  /** The pattern of a visited path (`/quiz-zone/[category]/[subcategory]/level/[level]/`), or `(other)`. */
  match(pathname: string): string;
  readonly routes: readonly string[];
}

export function createRouteMatcher(appDir = path.join(process.cwd(), 'app')): RouteMatcher {
  const patterns: Pattern[] = [];
  walk(appDir, [], patterns);
  // Fixed segments before dynamic ones: /random-battle/play-with-friend/ over /random-battle/[x]/.
  const dynamicCount = (p: Pattern) => p.segments.filter((s) => s.startsWith('[')).length;
  patterns.sort((a, b) => dynamicCount(a) - dynamicCount(b));
  return {
    routes: patterns.map((p) => p.route),
    match(pathname) {
      const parts = pathname.split('?')[0]!.split('#')[0]!.split('/').filter(Boolean);
      const found = patterns.find((p) => p.segments.length === parts.length && p.segments.every((s, i) => s.startsWith('[') || s === parts[i]));
      return found ? found.route : OTHER_ROUTE;
    },
  };
}
