import fc from 'fast-check';
import { seededRandom } from '@/services/domain/seeded-random';
import {
  audiencePoll,
  canUse,
  isLifeline,
  LIFELINE_BUSY,
  LIFELINES,
  lifelinesEnabled,
  pickFiftyFifty,
  refusalMessageKey,
  type LifelineUsage,
  type RandomSource,
} from '@/services/domain/lifelines';

const seeded = (seed: number): RandomSource => seededRandom(seed);

const fresh: LifelineUsage = { enabled: true, used: [], usedOnQuestion: [] };
const KEYS = ['a', 'b', 'c', 'd'];

describe('what a lifeline is', () => {
  test('the four names, exactly as written; anything else is not one', () => {
    expect(LIFELINES.map((l) => isLifeline(l))).toEqual([true, true, true, true]);
    expect(['FIFTY_FIFTY', 'fifty', '', 'skip ', 'reset'].map((v) => isLifeline(v))).toEqual([false, false, false, false, false]);
    expect([null, undefined, 1, ['skip'], { skip: true }].map((v) => isLifeline(v))).toEqual([false, false, false, false, false]);
  });
});

describe('which modes offer lifelines', () => {
  test('quiz zone does, and the other solo modes do not yet', () => {
    expect(lifelinesEnabled('quiz_zone')).toBe(true);
    expect(lifelinesEnabled('daily_quiz')).toBe(false);
    expect(lifelinesEnabled('true_false')).toBe(false);
    expect(lifelinesEnabled('self_challenge')).toBe(false);
    expect(lifelinesEnabled('bookmark')).toBe(false);
  });

  test('is a map a mode can be turned on in', () => {
    expect(lifelinesEnabled('daily_quiz', { quiz_zone: true, daily_quiz: true, true_false: false, self_challenge: false, bookmark: false, contest: false, maths: false, guess_the_word: false, fun_n_learn: false, audio: false, multi_match: false })).toBe(true);
  });
});

describe('using a lifeline', () => {
  test('is allowed for each of the four lifelines on a fresh multiple-choice question', () => {
    for (const l of LIFELINES) expect(canUse(fresh, l, 'multiple')).toBeNull();
  });

  test('is refused as "lifeline already used" the second time in a session', () => {
    for (const l of LIFELINES) expect(canUse({ ...fresh, used: [l] }, l, 'multiple')).toBe('lifeline_used');
  });

  test('refuses 50/50 after audience poll on the same question, and the reverse', () => {
    expect(canUse({ ...fresh, used: ['audience_poll'], usedOnQuestion: ['audience_poll'] }, 'fifty_fifty', 'multiple')).toBe('lifeline_conflict');
    expect(canUse({ ...fresh, used: ['fifty_fifty'], usedOnQuestion: ['fifty_fifty'] }, 'audience_poll', 'multiple')).toBe('lifeline_conflict');
  });

  test('allows 50/50 on a later question after audience poll was used on an earlier one', () => {
    expect(canUse({ ...fresh, used: ['audience_poll'], usedOnQuestion: [] }, 'fifty_fifty', 'multiple')).toBeNull();
  });

  test('does not let reset timer or skip conflict with anything', () => {
    const busy: LifelineUsage = { ...fresh, used: ['fifty_fifty', 'audience_poll'], usedOnQuestion: ['fifty_fifty', 'audience_poll'] };
    expect(canUse(busy, 'reset_timer', 'multiple')).toBeNull();
    expect(canUse(busy, 'skip', 'multiple')).toBeNull();
  });

  test('refuses 50/50 and audience poll on a true/false question as not allowed', () => {
    expect(canUse(fresh, 'fifty_fifty', 'boolean')).toBe('lifeline_not_allowed');
    expect(canUse(fresh, 'audience_poll', 'boolean')).toBe('lifeline_not_allowed');
    expect(canUse(fresh, 'reset_timer', 'boolean')).toBeNull();
    expect(canUse(fresh, 'skip', 'boolean')).toBeNull();
  });

  test('refuses 50/50 on a multiple-choice question of two or three options (nothing to halve); the poll still works', () => {
    expect(canUse(fresh, 'fifty_fifty', 'multiple', 2)).toBe('lifeline_not_allowed');
    expect(canUse(fresh, 'fifty_fifty', 'multiple', 3)).toBe('lifeline_not_allowed');
    expect(canUse(fresh, 'fifty_fifty', 'multiple', 4)).toBeNull();
    expect(canUse(fresh, 'fifty_fifty', 'multiple', 5)).toBeNull();
    expect(canUse(fresh, 'audience_poll', 'multiple', 2)).toBeNull();
  });

  test('refuses every lifeline in a mode without lifelines', () => {
    for (const l of LIFELINES) expect(canUse({ ...fresh, enabled: false }, l, 'multiple')).toBe('lifeline_not_allowed');
  });

  test('says "not allowed" before "already used": the question type is the first thing that is wrong', () => {
    expect(canUse({ ...fresh, used: ['fifty_fifty'] }, 'fifty_fifty', 'boolean')).toBe('lifeline_not_allowed');
  });
});

describe('the text of a refusal', () => {
  test('names which lifeline blocks which on a conflict', () => {
    expect(refusalMessageKey('fifty_fifty', 'lifeline_conflict')).toBe('lifeline.fifty_fifty_after_poll');
    expect(refusalMessageKey('audience_poll', 'lifeline_conflict')).toBe('lifeline.poll_after_fifty_fifty');
  });

  test('is the catalogue text for any other code, and the generic failure for an unknown one', () => {
    expect(refusalMessageKey('skip', 'lifeline_used')).toBe('codes.lifeline_used');
    expect(refusalMessageKey('skip', 'not_enough_coins')).toBe('codes.not_enough_coins');
    expect(refusalMessageKey('skip', null)).toBe('codes.something_went_wrong');
    // A conflict's own wording belongs to the two lifelines that can conflict; 50/50's other refusals keep theirs.
    expect(refusalMessageKey('fifty_fifty', 'lifeline_used')).toBe('codes.lifeline_used');
    expect(refusalMessageKey('skip', 'lifeline_conflict')).not.toMatch(/^lifeline\./);
  });

  test('says the lifeline is busy while one is being granted', () => {
    expect(refusalMessageKey('skip', LIFELINE_BUSY)).toBe('lifeline.busy');
    expect(refusalMessageKey('fifty_fifty', LIFELINE_BUSY)).toBe('lifeline.busy');
  });
});

describe('50/50', () => {
  test('removes two wrong options and never the right one', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const removed = pickFiftyFifty('c', KEYS, seeded(seed));
      expect(removed).toHaveLength(2);
      expect(removed).not.toContain('c');
      expect(new Set(removed).size).toBe(2);
    }
  });

  test('lists the removed options in the order they are shown', () => {
    expect(pickFiftyFifty('a', ['d', 'c', 'b', 'a'], () => 0)).toEqual(['d', 'c']);
  });

  test('removes each pair of wrong options for some draw', () => {
    const pairs = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) pairs.add(pickFiftyFifty('a', KEYS, seeded(seed)).join(''));
    expect([...pairs].sort()).toEqual(['bc', 'bd', 'cd']);
  });

  test('removes two of four wrong options when a question has a fifth option', () => {
    const removed = pickFiftyFifty('e', ['a', 'b', 'c', 'd', 'e'], seeded(7));
    expect(removed).toHaveLength(2);
    expect(removed).not.toContain('e');
  });

  test('still picks shown wrong options from a source that returns 1 (outside its contract)', () => {
    expect(pickFiftyFifty('a', KEYS, () => 1)).toEqual(['c', 'd']);
    expect(audiencePoll('a', KEYS, () => 0.9999999).a).toBe(75);
  });

  test('gives the same answer for the same random source', () => {
    expect(pickFiftyFifty('b', KEYS, seeded(42))).toEqual(pickFiftyFifty('b', KEYS, seeded(42)));
  });
});

describe('the audience poll', () => {
  test('sums to 100 and gives every option a whole percentage', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const poll = audiencePoll('b', KEYS, seeded(seed));
      expect(Object.keys(poll).sort()).toEqual(KEYS);
      expect(Object.values(poll).reduce((a, b) => a + b, 0)).toBe(100);
      for (const v of Object.values(poll)) expect(Number.isInteger(v)).toBe(true);
    }
  });

  test('favours the right answer above every other, without being certain of it', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const poll = audiencePoll('d', KEYS, seeded(seed));
      const right = poll.d!;
      expect(right).toBeLessThan(100);
      for (const k of ['a', 'b', 'c']) {
        expect(poll[k]!).toBeLessThan(right);
        expect(poll[k]!).toBeGreaterThan(0);
      }
    }
  });

  test('holds at the edges of the random source', () => {
    for (const r of [0, 0.999999]) {
      const poll = audiencePoll('a', KEYS, () => r);
      expect(Object.values(poll).reduce((a, b) => a + b, 0)).toBe(100);
      expect(Math.max(poll.b!, poll.c!, poll.d!)).toBeLessThan(poll.a!);
    }
  });

  test('works with five options and with two', () => {
    const five = audiencePoll('e', ['a', 'b', 'c', 'd', 'e'], seeded(3));
    expect(Object.values(five).reduce((a, b) => a + b, 0)).toBe(100);
    const two = audiencePoll('b', ['a', 'b'], seeded(3));
    expect(two.a! + two.b!).toBe(100);
    expect(two.b!).toBeGreaterThan(two.a!);
  });

  test("the right share spans its whole range: 40 % at the lowest draw (55 % with two options), 75 % at the highest", () => {
    expect(audiencePoll('a', KEYS, () => 0).a).toBe(40);
    expect(audiencePoll('a', ['a', 'b', 'c'], () => 0).a).toBe(40);
    expect(audiencePoll('a', ['a', 'b'], () => 0).a).toBe(55);
    expect(audiencePoll('a', KEYS, () => 0.9999999).a).toBe(75);
    expect(audiencePoll('a', ['a', 'b'], () => 0.9999999).a).toBe(75);
  });

  test('varies the right share from draw to draw', () => {
    const shares = new Set<number>();
    for (let seed = 1; seed <= 100; seed++) shares.add(audiencePoll('a', KEYS, seeded(seed)).a!);
    expect(shares.size).toBeGreaterThan(10);
  });
});

describe('the lifelines over any stream of random numbers (fast-check, seeded)', () => {
  const stream = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 12 });
  /** A question of 1 to 26 options (the poll's promise holds while every wrong option can get a point), one of them right. */
  const question = fc.tuple(fc.integer({ min: 1, max: 26 }), fc.nat()).map(([n, pick]) => {
    const keys = 'abcdefghijklmnopqrstuvwxyz'.slice(0, n).split('');
    return { n, keys, rightKey: keys[pick % n]! };
  });
  const sourceOf = (values: readonly number[]): RandomSource => {
    let i = 0;
    return () => values[i++ % values.length]!;
  };

  test('the audience poll: whole shares summing to 100, the right one strictly largest within its range, every wrong one at least 1', () => {
    fc.assert(
      fc.property(question, stream, ({ n, keys, rightKey }, values) => {
        const poll = audiencePoll(rightKey, keys, sourceOf(values));
        expect(Object.keys(poll).sort()).toEqual(keys);
        const shares = Object.values(poll);
        expect(shares.every((s) => Number.isInteger(s))).toBe(true);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
        if (n === 1) return expect(poll[rightKey]).toBe(100);
        expect(poll[rightKey]).toBeGreaterThanOrEqual(n === 2 ? 55 : 40);
        expect(poll[rightKey]).toBeLessThanOrEqual(75);
        for (const key of keys.filter((k) => k !== rightKey)) {
          expect(poll[key]).toBeGreaterThanOrEqual(1);
          expect(poll[key]).toBeLessThan(poll[rightKey]!);
        }
      }),
      { seed: 44, numRuns: 500 },
    );
  });

  test('the audience poll: the wrong options split the rest in proportion to weights of 1 to 2 they draw in the order shown, within 2 points', () => {
    let checked = 0;
    fc.assert(
      fc.property(question, stream, ({ n, keys, rightKey }, values) => {
        if (n < 3) return;
        const poll = audiencePoll(rightKey, keys, sourceOf(values));
        const right = poll[rightKey]!;
        const rest = 100 - right;
        const wrong = keys.filter((k) => k !== rightKey);
        // The right share took the first draw; each wrong option the next, in the order shown.
        const weights = wrong.map((_, i) => 1 + values[(i + 1) % values.length]!);
        const sum = weights.reduce((a, b) => a + b, 0);
        const exact = weights.map((w) => (rest * w) / sum);
        // Held below the right share, or raised to 1: the promise of those two comes first.
        if (exact.some((e) => e >= right - 2 || e < 1)) return;
        checked++;
        for (const [i, key] of wrong.entries()) expect({ key, off: Math.abs(poll[key]! - exact[i]!) < 2 }).toEqual({ key, off: true });
      }),
      { seed: 44, numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  test('an audience poll over more wrong options than can each get a point is an error, not a poll that breaks its promise', () => {
    const keys = Array.from({ length: 27 }, (_, i) => `k${i}`);
    expect(() => audiencePoll('k0', keys, () => 0.5)).toThrow(/26 wrong options: at most 25/);
    expect(Object.values(audiencePoll('k0', keys.slice(0, 26), () => 0.9999999)).reduce((a, b) => a + b, 0)).toBe(100);
  });

  test('the audience poll with many options: every wrong one keeps at least 1 point', () => {
    const keys = 'abcdefghijklmnopqrstuvwxyz'.slice(0, 22).split('');
    // The right share at 75 leaves 25 points for 21 wrong options: 1 each at least (their proportions are under 2), and uneven weights.
    const values = [0.9999999, ...keys.map((_, i) => (i % 2 ? 0.99 : 0))];
    const poll = audiencePoll('a', keys, sourceOf(values));
    expect(poll.a).toBe(75);
    const wrong = keys.slice(1).map((k) => poll[k]!);
    expect(wrong.reduce((x, y) => x + y, 0)).toBe(25);
    expect(Math.min(...wrong)).toBe(1);
    expect(Math.max(...wrong)).toBe(2);
  });

  test("the audience poll never lets a wrong option reach the right share: what rounding left goes past a share one below it", () => {
    // Right at 40 (the lowest draw); weights 1.9999999 and 1: 60 split as 39.99… and 20.00…, rounded
    // down to 39 and 20; the point left over would take the first to 40, so the second gets it.
    expect(audiencePoll('a', ['a', 'b', 'c'], sourceOf([0, 0.9999999, 0]))).toEqual({ a: 40, b: 39, c: 21 });
    expect(audiencePoll('a', ['a', 'b', 'c'], sourceOf([0, 0, 0.9999999]))).toEqual({ a: 40, b: 21, c: 39 });
  });

  test('50/50: two different wrong options (or all there are), in the order shown, never the right one', () => {
    fc.assert(
      fc.property(question, stream, ({ n, keys, rightKey }, values) => {
        const removed = pickFiftyFifty(rightKey, keys, sourceOf(values));
        expect(removed).toHaveLength(Math.min(2, n - 1));
        expect(new Set(removed).size).toBe(removed.length);
        expect(removed).not.toContain(rightKey);
        expect(removed).toEqual(keys.filter((k) => removed.includes(k)));
      }),
      { seed: 44, numRuns: 500 },
    );
  });
});
