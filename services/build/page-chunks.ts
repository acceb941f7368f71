import fs from 'node:fs';
import path from 'node:path';

/**
 * What a page's browser scripts are, read from a production build's own manifests (Turbopack's
 * output of `next build`): the scripts its HTML loads, and the chunks its code fetches once it
 * runs. Used by bench/web (the first-load budget) and by the game pages, which ask the browser to
 * fetch their game's chunks beside the first load (`preloadPageChunks`).
 */

interface ClientManifest {
  entryJSFiles: Record<string, string[]>;
}

/** The page's manifest under server/app/, route groups such as (auth)/ skipped in the match. */
function manifestFile(distDir: string, pageDir: string): string {
  const base = path.join(distDir, 'server', 'app');
  const wanted = pageDir ? `${pageDir}/page_client-reference-manifest.js` : 'page_client-reference-manifest.js';
  const found = (fs.readdirSync(base, { recursive: true }) as string[]).find(
    (f) => f.split(path.sep).filter((part) => !/^\(.+\)$/.test(part)).join('/') === wanted,
  );
  if (!found) throw new Error(`no build of app/${pageDir} in ${distDir}`);
  return path.join(base, found);
}

function clientManifest(distDir: string, pageDir: string): ClientManifest {
  const file = manifestFile(distDir, pageDir);
  // The manifest is a script that assigns globalThis.__RSC_MANIFEST[<page>].
  const sandbox: { __RSC_MANIFEST?: Record<string, ClientManifest> } = {};
  new Function('globalThis', 'self', fs.readFileSync(file, 'utf8'))(sandbox, sandbox);
  const manifest = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`${file}: no client manifest`);
  return manifest;
}

/**
 * The scripts a page's first load fetches, relative to the build directory: the framework's, then
 * every chunk of the page's tree (root layout, not-found and error boundaries, the page), as its
 * HTML references them.
 */
export function firstLoadScripts(distDir: string, pageDir: string): string[] {
  const build = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  return [...new Set([...build.rootMainFiles, ...Object.values(clientManifest(distDir, pageDir).entryJSFiles).flat()])];
}

/**
 * The chunks the page's own code fetches once it runs (its game: components/ui/lazy-view.tsx):
 * those its entry chunks name that the first load does not hold.
 */
export function pageFetchedScripts(distDir: string, pageDir: string): string[] {
  const entries = clientManifest(distDir, pageDir).entryJSFiles;
  const pageKey = Object.keys(entries).find((k) => k.endsWith(`app/${pageDir ? `${pageDir}/` : ''}page`) || (/\/page$/.test(k) && !k.includes('not-found')));
  const first = new Set(firstLoadScripts(distDir, pageDir));
  const shared = new Set(Object.entries(entries).filter(([k]) => k !== pageKey).flatMap(([, files]) => files));
  const own = (pageKey ? entries[pageKey]! : []).filter((f) => !shared.has(f));
  const named = new Set<string>();
  for (const f of own) for (const m of fs.readFileSync(path.join(distDir, f), 'utf8').matchAll(/static\/chunks\/[\w-]+\.js/g)) named.add(m[0]);
  return [...named].filter((f) => !first.has(f) && fs.existsSync(path.join(distDir, f)));
}
