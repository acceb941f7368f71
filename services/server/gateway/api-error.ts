import type { Code } from '@/services/domain/codes';

/**
 * A refusal a handler or service answers with: a catalogue code, optionally the input field that
 * was wrong and an English detail for developers. Anything else thrown is an unexpected failure.
 */
export class ApiError extends Error {
  readonly code: Code;
  readonly field: string | undefined;
  readonly detail: string | undefined;
  /** Extra top-level keys of the failure envelope, e.g. `attempts_left`, `retry_after`. */
  readonly extra: Readonly<Record<string, unknown>> | undefined;

  constructor(code: Code, options: { field?: string; detail?: string; extra?: Readonly<Record<string, unknown>> } = {}) {
    super(options.detail ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.field = options.field;
    this.detail = options.detail;
    this.extra = options.extra;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
