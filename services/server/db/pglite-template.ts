import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's template (decision 054): the files of an empty PGlite cluster, as its
 * initdb leaves them, made once by the build (`scripts/make-pglite-template.mjs`, run by
 * scripts/ensure-build.mjs) and loaded into every new data directory instead of running initdb
 * there. initdb is what made a first start peak at 950 MB: it runs in a WebAssembly instance of its
 * own beside the database's, and the memory both grew to stays with the process. Loading the
 * template peaks near a later start's figure.
 *
 * The template holds no schema and no rows: a first start migrates and seeds it as it did a new
 * cluster, and db:move and restore find the empty target they require.
 */
export const PGLITE_TEMPLATE = path.join(process.cwd(), 'dist', 'pglite-template.tar.gz');
/** Beside the template: the PGlite version that made it (its files are that version's format). */
export const PGLITE_TEMPLATE_STAMP = path.join(process.cwd(), 'dist', 'pglite-template.json');

/** The installed PGlite's version, from its package file (its exports do not list the file). */
export function installedPgliteVersion(): string | null {
  try {
    const file = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/**
 * The template to load into `dir`, when `dir` holds no database yet and the build's template was
 * made by the installed PGlite; null otherwise (an existing database, no build, or a PGlite
 * updated since the build: PGlite's own initdb then makes the cluster, as before).
 */
export function pgliteTemplateFor(dir: string, at: { file: string; stamp: string } = { file: PGLITE_TEMPLATE, stamp: PGLITE_TEMPLATE_STAMP }): string | null {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return null;
  try {
    const stamp = JSON.parse(fs.readFileSync(at.stamp, 'utf8')) as { pglite?: string };
    if (!stamp.pglite || stamp.pglite !== installedPgliteVersion() || !fs.existsSync(at.file)) return null;
    return at.file;
  } catch {
    return null;
  }
}

/** The template's bytes as PGlite's `loadDataDir` takes them. */
export function readTemplate(file: string): Blob {
  return new Blob([fs.readFileSync(file)]);
}
