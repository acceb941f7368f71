'use client';

import { useState } from 'react';
import type { z } from 'zod';
import { i18n } from '@/services/client/i18n';
import type { ApiFailure } from '@/services/client/api';
import { messageKeyFor } from '@/services/domain/code-messages';
import { fieldErrors } from '@/services/domain/forms';

/**
 * A console form checked with the gateway's own schema (services/domain/forms.ts) before it is
 * sent, so a mistake is named beside its field at once; what only the server can know (no such
 * account, a decision already taken) comes back with its field and is shown the same way.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    /** The parsed values, or null with the errors shown. */
    check(values: unknown): z.output<S> | null {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      setErrors(fieldErrors(parsed.error));
      return null;
    },
    /** A refused call: its text beside its field (or above the form, under ''). */
    refused(failure: ApiFailure) {
      setErrors({ [failure.field ?? '']: failureText(failure) });
    },
    clear: () => setErrors({}),
  };
}

/**
 * What a refused call says: the message of its code, and the server's detail when it gave one. A
 * refused input (103) with a detail is said by the detail alone, which names the field and what is
 * wrong with it ("File must be a PNG, JPEG or WebP image"): the generic "required field missing or
 * invalid input" would be wrong when the field was given.
 */
export function failureText(failure: ApiFailure): string {
  if (failure.status === 0) return i18n.t('errors.network');
  if (failure.code === '103' && failure.detail) return readableDetail(failure.detail);
  const message = i18n.t(messageKeyFor(failure.code));
  return failure.detail ? `${message} (${failure.detail})` : message;
}

/** "file: must be a PNG image" → "File must be a PNG image"; anything else as it came. */
export function readableDetail(detail: string): string {
  const named = /^([a-z][a-z0-9_.]*): (.+)$/.exec(detail);
  const text = named ? `${named[1]!.replace(/[_.]/g, ' ')} ${named[2]}` : detail;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
