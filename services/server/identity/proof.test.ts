import { createHmac, randomBytes } from 'node:crypto';
import { authSecretFromEnv, PROOF_LIFETIME_MS, signProof, verifyProof } from '@/services/server/identity/proof';

const key = randomBytes(32);
const now = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('identity proofs', () => {
  test('a proof carries its uid and sign-in method', () => {
    const token = signProof(key, 'uid-1', 'password', now);
    expect(verifyProof(key, token, now + 1000)).toEqual({ uid: 'uid-1', provider: 'password', exp: (now + PROOF_LIFETIME_MS) / 1000 });
  });

  test('expires after 5 minutes', () => {
    const token = signProof(key, 'uid-1', 'phone', now);
    expect(verifyProof(key, token, now + PROOF_LIFETIME_MS - 1000)).not.toBeNull();
    expect(verifyProof(key, token, now + PROOF_LIFETIME_MS)).toBeNull();
  });

  test('is refused under another key', () => {
    const token = signProof(key, 'uid-1', 'password', now);
    expect(verifyProof(randomBytes(32), token, now)).toBeNull();
  });

  test('is refused when the payload is changed, even with a valid shape', () => {
    const token = signProof(key, 'uid-1', 'password', now);
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ uid: 'uid-2', provider: 'password', exp: now / 1000 + 300 })).toString('base64url');
    expect(verifyProof(key, `${forged}.${signature}`, now)).toBeNull();
  });

  test('refuses anything that is not a proof', () => {
    for (const junk of ['', '.', 'abc', 'a.b.c', `${'x'.repeat(10)}.`, '.sig']) expect(verifyProof(key, junk, now)).toBeNull();
  });

  test('refuses a correctly signed payload with unknown claims', () => {
    const sign = (claims: object) => {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    };
    expect(verifyProof(key, sign({ uid: 'u', provider: 'google.com', exp: now / 1000 + 60 }), now)).toBeNull();
    expect(verifyProof(key, sign({ uid: '', provider: 'password', exp: now / 1000 + 60 }), now)).toBeNull();
    expect(verifyProof(key, sign({ uid: 'u', provider: 'password' }), now)).toBeNull();
    expect(verifyProof(key, sign({ uid: 'u', provider: 'password', exp: now / 1000 + 60 }), now)).not.toBeNull();
  });

  test('AUTH_SECRET must be long enough to be a key', () => {
    expect(authSecretFromEnv({})).toBeUndefined();
    expect(() => authSecretFromEnv({ AUTH_SECRET: 'short' })).toThrow(/at least 32/);
    expect(authSecretFromEnv({ AUTH_SECRET: 'x'.repeat(32) })).toHaveLength(32);
  });
});
