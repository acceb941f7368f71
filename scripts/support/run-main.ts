/**
 * Runs a command-line script's `main` and exits with the code it returns; an unexpected failure
 * prints its message (no stack) and exits 1.
 */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
