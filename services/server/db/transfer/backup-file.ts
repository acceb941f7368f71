import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { once } from 'node:events';
import path from 'node:path';
import type { SequenceValue } from '@/services/server/db/transfer/catalog';
import type { StreamHeader, StreamSink } from '@/services/server/db/transfer/copy';
import { assertKnownVersion } from '@/services/server/db/transfer/schema-version';
import { assertPrivateFolder, openPrivateFile } from '@/services/server/ops/private-files';

/**
 * Quiz Arena's own backup file (docs/deploy.md, "Backups"): the stream of copy.ts written as
 * gzip-compressed lines, the same for both engines, so a backup of the embedded database restores
 * into PostgreSQL and the other way round.
 *
 *   QUIZ-ARENA-BACKUP 1
 *   H {"schema":…, "tables":…, "summary":…, "createdAt":…, "engine":…}
 *   R <table> [<row>, …]            as many as there are batches
 *   S [<sequence>, …]
 *   E {"rows": <total>}             written last: a file without it is incomplete
 *
 * The schema version and the source's figures (taken in the same snapshot) are in the header, so
 * a restore refuses a newer schema before writing anything, and compares what it wrote.
 */
export const BACKUP_MAGIC = 'QUIZ-ARENA-BACKUP 1';

export interface BackupHeader extends StreamHeader {
  readonly createdAt: string;
  readonly engine: 'pglite' | 'postgres';
}

/**
 * A sink that writes the backup file; the file appears under its name only once complete. It holds
 * every password hash and the key that signs sign-ins, so it is written 0600, and only into a
 * folder other users cannot write into.
 */
export function backupFileSink(file: string, engine: 'pglite' | 'postgres'): StreamSink & { readonly bytes: () => number } {
  const partial = `${file}.partial`;
  let out: fs.WriteStream | null = null;
  let gzip: zlib.Gzip | null = null;
  let rows = 0;
  const write = async (line: string) => {
    if (!gzip!.write(line + '\n')) await once(gzip!, 'drain');
  };
  const finish = async () => {
    gzip!.end();
    await once(out!, 'close');
  };
  return {
    async begin(header) {
      assertPrivateFolder(path.dirname(path.resolve(file)), 'The backup');
      fs.rmSync(partial, { force: true });
      out = fs.createWriteStream(partial, { fd: openPrivateFile(partial) });
      gzip = zlib.createGzip({ level: 6 });
      gzip.pipe(out);
      const full: BackupHeader = { ...header, createdAt: new Date().toISOString(), engine };
      await write(BACKUP_MAGIC);
      await write(`H ${JSON.stringify(full)}`);
    },
    async rows(table, json, count) {
      rows += count;
      await write(`R ${table} ${json}`);
    },
    async end(sequences) {
      await write(`S ${JSON.stringify(sequences)}`);
      await write(`E ${JSON.stringify({ rows })}`);
      await finish();
      fs.renameSync(partial, file);
    },
    async abort() {
      if (gzip) {
        gzip.destroy();
        out?.destroy();
      }
      fs.rmSync(partial, { force: true });
    },
    bytes: () => (fs.existsSync(file) ? fs.statSync(file).size : 0),
  };
}

/** Whether a file starts as a gzip stream (our backups) — pg_dump's custom format starts with PGDMP. */
export function backupKind(file: string): 'quiz-arena' | 'pg_dump' | 'unknown' {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'quiz-arena';
    if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'unknown';
  } finally {
    fs.closeSync(fd);
  }
}

function lines(file: string): readline.Interface {
  return readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
}

/** A gzip stream that ends before its end: the file was cut (a full disk, a copy stopped). */
function isCutGzip(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException;
  return e?.code === 'Z_BUF_ERROR' || /unexpected end of file/.test(e?.message ?? '');
}

function cutShort(file: string, rows: number): Error {
  return new Error(`${file} is cut short: its compressed data ends unexpectedly after ${rows} rows (a copy or a disk that stopped while it was written); nothing was restored.`);
}

/** Reads only the header of a backup file: its schema version and figures. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = lines(file);
  try {
    let n = 0;
    for await (const line of reader) {
      n += 1;
      if (n === 1 && line !== BACKUP_MAGIC) throw new Error(`${file} is not a Quiz Arena backup (it starts with "${line.slice(0, 40)}")`);
      if (n === 2) {
        if (!line.startsWith('H ')) throw new Error(`${file} has no header line`);
        return JSON.parse(line.slice(2)) as BackupHeader;
      }
    }
    throw new Error(`${file} ends before its header`);
  } catch (error) {
    throw isCutGzip(error) ? cutShort(file, 0) : error;
  } finally {
    reader.close();
  }
}

/**
 * Plays a backup file into a sink: `onHeader` decides what the sink is once the header is known
 * (and may refuse it). A file cut short, or one with a line out of place, is refused and the sink
 * aborted, so nothing of it stays.
 */
export async function restoreBackupFile(
  file: string,
  onHeader: (header: BackupHeader) => Promise<StreamSink>,
  onRows?: (rows: number, total: number, table: string) => void,
): Promise<BackupHeader> {
  const reader = lines(file);
  let sink: StreamSink | null = null;
  let header: BackupHeader | null = null;
  let sequences: SequenceValue[] | null = null;
  let rows = 0;
  let ended = false;
  let n = 0;
  try {
    for await (const line of reader) {
      n += 1;
      if (n === 1) {
        if (line !== BACKUP_MAGIC) throw new Error(`${file} is not a Quiz Arena backup`);
        continue;
      }
      const kind = line.slice(0, 2);
      if (n === 2) {
        if (kind !== 'H ') throw new Error(`${file}: line 2 should be the header`);
        header = JSON.parse(line.slice(2)) as BackupHeader;
        assertKnownVersion(`The backup ${file}`, header.schema);
        sink = await onHeader(header);
        await sink.begin(header);
        continue;
      }
      if (ended) throw new Error(`${file}: line ${n} comes after the end marker`);
      if (kind === 'R ') {
        const space = line.indexOf(' ', 2);
        const table = line.slice(2, space);
        const json = line.slice(space + 1);
        const count = (JSON.parse(json) as unknown[]).length;
        rows += count;
        await sink!.rows(table, json, count);
        if (onRows) {
          const total = Object.values(header!.summary.tables).reduce((s, t) => s + Number(t.rows), 0);
          onRows(rows, total, table);
        }
      } else if (kind === 'S ') {
        sequences = JSON.parse(line.slice(2)) as SequenceValue[];
      } else if (kind === 'E ') {
        const end = JSON.parse(line.slice(2)) as { rows: number };
        if (end.rows !== rows) throw new Error(`${file}: the end marker counts ${end.rows} rows, the file holds ${rows}`);
        if (!sequences) throw new Error(`${file}: no sequences before the end marker`);
        ended = true;
      } else throw new Error(`${file}: line ${n} is not a backup line`);
    }
    if (!header) throw new Error(`${file} ends before its header`);
    if (!ended) throw new Error(`${file} is incomplete: it ends without its end marker (after ${rows} rows); nothing was restored`);
    await sink!.end(sequences!);
    return header;
  } catch (error) {
    await sink?.abort();
    throw isCutGzip(error) ? cutShort(file, rows) : error;
  } finally {
    reader.close();
  }
}
