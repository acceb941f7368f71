import path from 'node:path';
import { headers } from 'next/headers';
import { preload } from 'react-dom';
import { pageFetchedScripts } from '@/services/build/page-chunks';

const known = new Map<string, string[]>();

/** The game chunks of app/<pageDir> in the running build (.next/), read once; none outside a production build. */
export function gameChunks(pageDir: string, distDir = path.join(process.cwd(), '.next')): string[] {
  let chunks = known.get(pageDir);
  if (!chunks) {
    try {
      chunks = process.env.NODE_ENV === 'production' ? pageFetchedScripts(distDir, pageDir) : [];
    } catch {
      // No production build here (tests, `next dev`): the page fetches its game as it starts, as before.
      chunks = [];
    }
    known.set(pageDir, chunks);
  }
  return chunks;
}

/**
 * For a game page's server component: the page's HTML asks the browser to fetch the game's chunks
 * (components/ui/lazy-view.tsx) beside the first-load scripts, at low priority so that they do
 * not hold up the styles and the first load, instead of after the first load has run and asked for
 * them. The bytes are the same (bench/web reports them beside the first load); the game arrives
 * one round trip and the first load's start-up earlier (docs/decisions/025-first-load-budget.md).
 */
export async function preloadPageChunks(pageDir: string): Promise<void> {
  // Only into a page's HTML (a browser asks for a document with text/html): in the payload of a
  // client-side navigation or of a link's prefetch (Next's RSC requests, which ask for anything)
  // the hints would reach the linking page, which would fetch every linked game for nothing. There
  // the page's own code fetches its game when it runs.
  if (!(await headers()).get('accept')?.includes('text/html')) return;
  for (const chunk of gameChunks(pageDir)) preload(`/_next/${chunk}`, { as: 'script', fetchPriority: 'low' });
}
