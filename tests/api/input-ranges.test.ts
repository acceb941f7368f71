import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';
import { createPlayerWithSession } from '@/tests/fixtures/users';

// The calls an attacker found answering 500 (a value out of an integer column's range reached the
// database; an object reached code that converted it): each is a 400 naming the field and what is
// wrong with it, and writes no error line to the log.

const { api, db } = seededApiSuite();

const errorLines = () => api.logLines.filter((line) => Number(line.level) >= 50);

async function callJson(endpoint: string, body: unknown, token: string) {
  const res = await fetch(`${api.url}/api/${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe(`ids beyond their column and objects where values belong (${testDbKind})`, () => {
  test.each([
    ['delete_pending_payment_request', 'payment_id', 'player', {}, 'a payment id'],
    ['get_questions_by_contest', 'contest_id', 'player', {}, 'a contest id'],
    ['admin_player', 'user_id', 'admin', {}, 'an account id'],
    ['admin_set_player_status', 'user_id', 'admin', { active: '0' }, 'an account id'],
    ['admin_audit_log', 'before_id', 'admin', {}, 'an audit entry id'],
    ['admin_audit_log', 'actor_id', 'admin', {}, 'an account id'],
    ['admin_contest', 'contest_id', 'admin', {}, 'a contest id'],
    ['admin_exam', 'exam_id', 'admin', {}, 'an exam id'],
  ] as const)('%s with %s past the integer range is a 400 naming it', async (endpoint, field, who, rest, what) => {
    const d = await db();
    const { token } = await createPlayerWithSession(d, who === 'admin' ? { role: 'admin' } : {});
    const before = errorLines().length;
    for (const value of ['2147483648', '+14155550100']) {
      const res = await api.call(endpoint, { ...rest, [field]: value }, { token });
      expect([endpoint, res.status, res.body.message, res.body.field, res.body.detail]).toEqual([endpoint, 400, '103', field, `${field}: must be ${what} from 1 to 2147483647`]);
    }
    expect(errorLines().length).toBe(before);
  });

  test('set_exam_module_result with an object for captured_question_ids is a 400, not a TypeError', async () => {
    const d = await db();
    const { token } = await createPlayerWithSession(d);
    const before = errorLines().length;
    for (const captured of [{ toString: 1 }, { valueOf: 1, toString: 1 }, [{ toString: 1 }]]) {
      const res = await callJson('set_exam_module_result', { exam_module_id: 1, captured_question_ids: captured }, token);
      expect([res.status, res.body.message, res.body.field]).toEqual([400, '103', expect.stringMatching(/^captured_question_ids/)]);
    }
    const listed = await callJson('get_exam_module', { type: { toString: 1 } }, token);
    expect([listed.status, listed.body.field]).toEqual([400, 'type']);
    expect(errorLines().length).toBe(before);
  });
});
