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
