import type { Code } from '@/services/domain/codes';

/**
 * A refusal a handler or service answers with: a catalogue code, optionally the input field that
 * was wrong and an English detail for developers. Anything else thrown is an unexpected failure.
 */
export class ApiError extends Error {
  readonly code: Code;
  readonly field: string | undefined;
  readonly detail: string | undefined;

  constructor(code: Code, options: { field?: string; detail?: string } = {}) {
    super(options.detail ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.field = options.field;
    this.detail = options.detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
