// Makes the embedded database's template (services/server/db/pglite-template.ts, decision 054):
// PGlite's initdb once, in memory, its files written to dist/pglite-template.tar.gz with the
// PGlite version beside them (dist/pglite-template.json). Run by scripts/ensure-build.mjs when the
// template is missing or was made by another PGlite version; a process of its own, so that the
// memory initdb takes goes back when it ends. `node scripts/make-pglite-template.mjs <dir>` writes
// the two files into another directory (the tests').
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const into = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
const out = path.join(into, 'pglite-template.tar.gz');
const stamp = path.join(into, 'pglite-template.json');
const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;

const { PGlite } = await import('@electric-sql/pglite');
const db = new PGlite();
await db.waitReady;
const files = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
await db.close();
fs.mkdirSync(path.dirname(out), { recursive: true });
// Written beside and renamed: a build stopped half-way never leaves half a template.
fs.writeFileSync(`${out}.part`, files);
fs.renameSync(`${out}.part`, out);
fs.writeFileSync(stamp, `${JSON.stringify({ pglite: version, made: new Date().toISOString() })}\n`);
console.log(`Made the embedded database's template (PGlite ${version}, ${(files.length / 1024 / 1024).toFixed(1)} MB).`);
