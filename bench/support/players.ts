/**
 * What several benchmarks need to talk to a running Quiz Arena: a small JSON API client and
 * players signed up through the real sign-in flow (phone OTP of the built-in provider, codes
 * read from the dev outbox). The server must run with DEV_OUTBOX=1 and TRUST_PROXY=1 so that
 * each simulated player signs up from its own address (sign-up rate limits are per address).
 */

export interface Answer {
  status: number;
  body: { error: boolean; message: string; data: unknown } & Record<string, unknown>;
}

export class BenchApi {
  constructor(readonly url: string) {}

  async call(endpoint: string, body: Record<string, unknown>, options: { token?: string; ip?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const res = await fetch(`${this.url}/api/${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
}

/** The data of a 200 answer, or an error naming the call and what the server said. */
export function ok<T>(res: Answer, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/** Signs up player `i` (a phone number and an address of its own) and returns its api_token. */
export async function signUpPlayer(api: BenchApi, i: number, namePrefix = 'bench player'): Promise<string> {
  const phone = `+1555${String(1_000_000 + i).slice(1)}`;
  const ip = `10.${77 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
  ok(await api.call('auth_send_otp', { phone }, { ip }), 'auth_send_otp');
  const outbox = ok<{ recipient: string; body: string }[]>(await api.call('dev_outbox', {}), 'dev_outbox');
  const sms = outbox.find((m) => m.recipient === phone);
  const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  const proof = ok<{ firebase_id: string; id_token: string }>(await api.call('auth_verify_otp', { phone, code }, { ip }), 'auth_verify_otp');
  const signed = ok<{ api_token: string }>(
    await api.call('user_signup', { firebase_id: proof.firebase_id, type: 'mobile', id_token: proof.id_token, name: `${namePrefix} ${i + 1}` }, { ip }),
    'user_signup',
  );
  return signed.api_token;
}

/** Signs up `n` players, a few at a time (the dev outbox lists only the latest 50 messages). */
export async function signUpPlayers(api: BenchApi, n: number, namePrefix?: string): Promise<string[]> {
  const tokens: string[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        tokens[i] = await signUpPlayer(api, i, namePrefix);
      }
    }),
  );
  return tokens;
}

/** The p-th percentile (0–100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** A seeded random source ([0, 1)), so runs are repeatable. */
export { seededRandom } from '@/services/domain/seeded-random';
