import cliProgress from 'cli-progress';

/**
 * A progress bar for the long operator commands (db:move, backup, restore): rows done of the
 * total, rows per second, time left and the table being copied. Quiet when the output is not a
 * terminal (a timer, a pipe, CI), where a line at the end says what was done.
 */
export interface RowsProgress {
  update(rows: number, total: number, table: string): void;
  stop(): void;
}

export function rowsProgress(label: string, stream: NodeJS.WriteStream = process.stderr): RowsProgress {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} rows | {speed} rows/s | {eta_formatted} left | {table}`,
      stream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let running = false;
  return {
    update(rows, total, table) {
      const speed = Math.round(rows / Math.max(0.001, (Date.now() - started) / 1000));
      if (!running) {
        bar.start(Math.max(total, 1), rows, { table, speed });
        running = true;
      } else bar.update(rows, { table, speed });
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

/** Peak memory of this process so far, in MB (resident set size). */
export function peakMemoryMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/**
 * The import's progress bar: bytes of the file read, rows per second, time left, and the rows
 * inserted, found duplicates and refused so far. `log` prints a line above the bar. Quiet off a
 * terminal (lines are printed as they come, the bar never).
 */
export interface ImportBar {
  update(p: { bytesRead: number; totalBytes: number | null; read: number; inserted: number; duplicates: number; rejected: number }): void;
  log(line: string): void;
  stop(): void;
}

export function importBar(label: string, stream: NodeJS.WriteStream = process.stderr, out: NodeJS.WriteStream = process.stdout): ImportBar {
  if (!stream.isTTY) return { update() {}, log: (line) => void out.write(`${line}\n`), stop() {} };
  const multi = new cliProgress.MultiBar(
    {
      format: `${label} [{bar}] {percentage}% | {read} rows | {speed} rows/s | {eta_formatted} left | {inserted} new, {duplicates} duplicates, {rejected} refused`,
      stream,
      hideCursor: true,
      etaBuffer: 20,
      fps: 5,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let bar: cliProgress.SingleBar | null = null;
  const n = (v: number) => v.toLocaleString('en');
  return {
    update(p) {
      const payload = { read: n(p.read), inserted: n(p.inserted), duplicates: n(p.duplicates), rejected: n(p.rejected), speed: n(Math.round(p.read / Math.max(0.001, (Date.now() - started) / 1000))) };
      const total = Math.max(1, p.totalBytes ?? p.bytesRead);
      if (!bar) bar = multi.create(total, p.bytesRead, payload);
      else {
        bar.setTotal(total);
        bar.update(p.bytesRead, payload);
      }
    },
    log(line) {
      multi.log(`${line}\n`);
    },
    stop() {
      multi.stop();
    },
  };
}
