import { currentCostLog2, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '@/services/server/identity/password';

// Low cost keeps these fast; the format and the checks are the same at any cost.
const COST = 10;

describe('password hashes', () => {
  test('a hash verifies its own password and no other', async () => {
    const hash = await hashPassword('correct horse battery', COST);
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterz', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  test('is stored as scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const a = await hashPassword('same password', COST);
    const b = await hashPassword('same password', COST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  test('uses 2^15 by default and works with the memory that needs', async () => {
    expect(currentCostLog2({})).toBe(15);
    const hash = await hashPassword('default cost', 15);
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    await expect(verifyPassword('default cost', hash)).resolves.toBe(true);
  });

  test('honours a lower SCRYPT_COST_LOG2 only under NODE_ENV=test', () => {
    expect(currentCostLog2({ SCRYPT_COST_LOG2: '10', NODE_ENV: 'test' })).toBe(10);
    expect(currentCostLog2({ SCRYPT_COST_LOG2: '10', NODE_ENV: 'production' })).toBe(15);
    expect(currentCostLog2({ SCRYPT_COST_LOG2: '17' })).toBe(17);
    expect(currentCostLog2({ SCRYPT_COST_LOG2: 'lots' })).toBe(15);
  });

  test('treats two passwords that differ only in Unicode normalisation as the same', async () => {
    const hash = await hashPassword('caf\u00e9-password', COST);
    await expect(verifyPassword('cafe\u0301-password', hash)).resolves.toBe(true);
  });

  test('never accepts a malformed or tampered stored hash', async () => {
    const hash = await hashPassword('a password', COST);
    const parts = hash.split('$');
    await expect(verifyPassword('a password', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('a password', ['bcrypt', ...parts.slice(1)].join('$'))).resolves.toBe(false);
    await expect(verifyPassword('a password', [...parts.slice(0, 1), String(2 ** 30), ...parts.slice(2)].join('$'))).resolves.toBe(false);
    await expect(verifyPassword('a password', [...parts.slice(0, 5), parts[5]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('$'))).resolves.toBe(false);
  });

  test('asks for a re-hash when the stored cost is below the current one', async () => {
    const weak = await hashPassword('x'.repeat(10), COST);
    expect(needsRehash(weak, 15)).toBe(true);
    expect(needsRehash(weak, COST)).toBe(false);
  });

  test('the dummy check never succeeds', async () => {
    await expect(verifyAgainstDummy('anything')).resolves.toBe(false);
  });
});
