import { ownerOnlyFromNowOn } from '@/services/server/ops/private-files';

/**
 * Runs a command-line script's `main` and exits with the code it returns; an unexpected failure
 * prints its message (no stack) and exits 1.
 */
export function runMain(main: () => Promise<number>): void {
  // What the operator commands write (databases, backups, reports) is the running user's alone.
  ownerOnlyFromNowOn();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * `runMain` for a command with arguments: `parse` answers the options, or what is wrong with the
 * command line (printed with the usage, exit code 2); `main` gets the options.
 */
export function runCommand<T>(usage: string, parse: (argv: readonly string[]) => T | string, main: (options: T) => Promise<number>): void {
  runMain(async () => {
    const options = parse(process.argv.slice(2));
    if (typeof options === 'string') {
      console.error(options);
      console.error(usage);
      return 2;
    }
    return main(options);
  });
}
