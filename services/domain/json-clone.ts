/**
 * A deep copy of a JSON value (plain objects, arrays, strings, numbers, booleans, null): what
 * `JSON.parse(JSON.stringify(value))` gives, without printing and scanning the text. Strings are
 * shared (they are immutable), so a copy allocates only the objects and arrays. The room service
 * makes the changeable draft of every command this way (services/server/rooms/core.ts).
 *
 * Keys whose value is `undefined` are left out and `undefined` in an array becomes null, as JSON
 * does; anything that is not JSON (a Date, a Map, a class instance, a function) is refused.
 */
export function cloneJson<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new TypeError(`not a JSON value: ${typeof value}`);
    return value;
  }
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      const item = value[i];
      out[i] = item === undefined ? null : copy(item);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new TypeError(`not a JSON value: ${(value as object).constructor?.name ?? 'object'}`);
  const out: Record<string, unknown> = {};
  for (const key in value as Record<string, unknown>) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = copy(item);
  }
  return out;
}
