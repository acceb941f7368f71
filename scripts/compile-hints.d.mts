/** Types of scripts/compile-hints.mjs, for the TypeScript that reads the hint (bench/web/first-load.ts). */
export declare const COMPILE_HINT: string;
export declare function addCompileHints(dir: string): { marked: number; already: number };
