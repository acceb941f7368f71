import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes of the built-in identity provider: scrypt (memory-hard, in node:crypto), stored
 * as `scrypt$N$r$p$salt$hash` with salt and hash in base64url, so the cost can be raised later
 * without breaking stored hashes (see `needsRehash`).
 */

export const DEFAULT_COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Refuse to verify hashes whose stored cost would let a tampered row exhaust memory or time. */
const MAX_COST_LOG2 = 20;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** scrypt needs 128·N·r bytes; node refuses anything above maxmem (32 MiB by default). */
function maxmemFor(n: number, r: number): number {
  return 128 * n * r * 2 + 1024 * 1024;
}

/**
 * The cost for new hashes: 2^15 unless SCRYPT_COST_LOG2 says more. A lower value is honoured only
 * under NODE_ENV=test (tests hash many passwords on shared cores); elsewhere it is raised to 15.
 */
export function currentCostLog2(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.SCRYPT_COST_LOG2;
  const asked = raw ? Number(raw) : DEFAULT_COST_LOG2;
  if (!Number.isInteger(asked) || asked < 1 || asked > MAX_COST_LOG2) return DEFAULT_COST_LOG2;
  if (asked < DEFAULT_COST_LOG2 && env.NODE_ENV !== 'test') return DEFAULT_COST_LOG2;
  return asked;
}

export async function hashPassword(password: string, costLog2: number = currentCostLog2()): Promise<string> {
  const n = 2 ** costLog2;
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, { N: n, r: BLOCK_SIZE, p: PARALLELISM, maxmem: maxmemFor(n, BLOCK_SIZE) });
  return ['scrypt', n, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  readonly n: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0 && n <= 2 ** MAX_COST_LOG2 &&
    Number.isInteger(r) && r >= 1 && r <= 32 &&
    Number.isInteger(p) && p >= 1 && p <= 16;
  if (!valid) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { n, r, p, salt, key };
}

/** Constant-time comparison of the derived key; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.key.length, {
    N: parsed.n,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmemFor(parsed.n, parsed.r),
  });
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash is weaker than what `hashPassword` makes now (re-hash at next sign-in). */
export function needsRehash(stored: string, costLog2: number = currentCostLog2()): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.n < 2 ** costLog2 || parsed.r < BLOCK_SIZE;
}

let dummy: { costLog2: number; hash: Promise<string> } | undefined;

/**
 * Spends as long as checking a real password, for sign-ins with an unknown email, so the answer
 * time does not tell whether an account exists. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}

/** Makes the dummy hash ahead of the first sign-in, so that one is not slower than the rest. */
export function prepareDummyHash(): Promise<string> {
  const costLog2 = currentCostLog2();
  if (!dummy || dummy.costLog2 !== costLog2) dummy = { costLog2, hash: hashPassword(randomBytes(16).toString('hex'), costLog2) };
  return dummy.hash;
}
