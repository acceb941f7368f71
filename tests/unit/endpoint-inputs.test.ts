import type { z } from 'zod';
import { createRegistry } from '@/services/server/endpoints/registry';
import { MAX_ID } from '@/services/domain/forms';

// Every endpoint's input schema, field by field, against the values an attacker sends: nothing may
// throw while it is being checked (a throw is a 500 and an error line in the log), and every id is
// held to its column's range with a detail that names the real problem, so that no value outside
// an `integer` column reaches the database.

const registry = createRegistry();
const endpoints = registry.names().map((name) => registry.get(name)!);

/** The fields of an endpoint's input (objects, refined objects and extended ones). */
function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape ?? {};
}

const HOSTILE: [string, unknown][] = [
  ['an object whose toString is not a function', { toString: 1 }],
  ['an object whose valueOf is not a function', { valueOf: 1, toString: 1 }],
  ['an object without a prototype', Object.create(null) as unknown],
  ['a list holding such an object', [{ toString: 1 }]],
  ['a nested list', [[1, 2], { a: 1 }]],
  ['a number too large for a double', 1e400],
  ['a very long text', 'x'.repeat(100_000)],
  ['a text of a huge number', '9'.repeat(400)],
];

/** `field`, when it is an id (`id`, `*_id`) read as a number: a text id (a session, a room code) is not. */
function numericIds(): [string, string, z.ZodType][] {
  const out: [string, string, z.ZodType][] = [];
  for (const e of endpoints) {
    for (const [field, schema] of Object.entries(fieldsOf(e.input))) {
      if (!/(^|_)id\d?$/.test(field)) continue;
      // A text id takes letters; a numeric one refuses them.
      if (schema.safeParse('abc').success) continue;
      out.push([e.name, field, schema]);
    }
  }
  return out;
}

describe('endpoint inputs', () => {
  test('the registry exposes the fields of the endpoints (the walk below reaches them)', () => {
    const withFields = endpoints.filter((e) => Object.keys(fieldsOf(e.input)).length > 0);
    expect(withFields.length).toBeGreaterThan(100);
    expect(numericIds().length).toBeGreaterThan(40);
  });

  test.each(HOSTILE)('no field of any endpoint throws while checking %s', (_what, value) => {
    const threw: string[] = [];
    for (const e of endpoints) {
      for (const field of Object.keys(fieldsOf(e.input))) {
        try {
          e.input.safeParse({ [field]: value });
        } catch (error) {
          threw.push(`${e.name}.${field}: ${(error as Error).message}`);
        }
      }
    }
    expect(threw).toEqual([]);
  });

  test.each([
    ['one past the integer column', MAX_ID + 1],
    ['as a form text', String(MAX_ID + 1)],
    ['a phone number typed in', '+14155550100'],
    ['a negative id', -5],
  ])('every numeric id refuses %s, naming the field and its range', (_what, value) => {
    const wrong: string[] = [];
    for (const [name, field, schema] of numericIds()) {
      const parsed = schema.safeParse(value);
      if (parsed.success) {
        wrong.push(`${name}.${field}: accepted ${String(value)}`);
        continue;
      }
      const message = parsed.error.issues[0]!.message;
      if (!new RegExp(`^must be an? [a-z ]+ from [01] to ${MAX_ID}$`).test(message)) wrong.push(`${name}.${field}: "${message}"`);
    }
    expect(wrong).toEqual([]);
  });

  test('an id says "is required" only when it is missing, and "a whole number" for what is not one', () => {
    const wrong: string[] = [];
    for (const [name, field, schema] of numericIds()) {
      const missing = schema.safeParse(undefined);
      if (!missing.success && missing.error.issues[0]!.message !== 'is required') wrong.push(`${name}.${field} missing: ${missing.error.issues[0]!.message}`);
      for (const value of ['12abc', 2.5, { toString: 1 }]) {
        const parsed = schema.safeParse(value);
        if (parsed.success || !/a whole number$/.test(parsed.error.issues[0]!.message)) wrong.push(`${name}.${field} ${JSON.stringify(value)}: ${parsed.success ? 'accepted' : parsed.error.issues[0]!.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('the ids of payments, contests and exams are not called account ids', () => {
    const named: string[] = [];
    for (const [name, field, schema] of numericIds()) {
      const parsed = schema.safeParse(MAX_ID + 1);
      if (!parsed.success && /account id/.test(parsed.error.issues[0]!.message) && !/^(user_id\d?|actor_id)$/.test(field)) named.push(`${name}.${field}`);
    }
    expect(named).toEqual([]);
  });
});
