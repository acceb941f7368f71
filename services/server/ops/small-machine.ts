/**
 * The Node.js flags docs/deploy.md ("A small machine") gives a 1 GB machine, and that
 * tests/e2e/small-machine.e2e.ts starts the server with under the play load: the JavaScript heap
 * capped well inside the memory targets of bench/memory (decision 054). V8's old generation is
 * held to 160 MB (the server's own heap under the play load stays far below it; the embedded
 * database's WebAssembly memory is not part of it), and its young generation to 8 MB semi-spaces,
 * which collects more often but keeps the resident size down under bursts of calls.
 */
export const SMALL_MACHINE_NODE_ARGS: readonly string[] = ['--max-old-space-size=160', '--max-semi-space-size=8'];
