import {
  ASSIGNMENT_NETWORK_MS,
  answerInTime,
  answersShown,
  assignmentPhase,
  assignmentStatus,
  bestAttempt,
  countedElapsedMs,
  makeResumeCode,
  orderOf,
  questionTimeMs,
  readResumeCode,
  RESUME_ALPHABET,
  showResumeCode,
  windowProblem,
  type AssignmentPupilView,
} from '@/services/domain/assignments';

describe('an assignment’s window', () => {
  const w = { opensAt: 1000, closesAt: 2000 };
  test('scheduled before its opening, open from it, closed from its closing instant', () => {
    expect(assignmentStatus(w, 999)).toBe('scheduled');
    expect(assignmentStatus(w, 1000)).toBe('open');
    expect(assignmentStatus(w, 1999)).toBe('open');
    expect(assignmentStatus(w, 2000)).toBe('closed');
  });

  test('a window is refused naming the field: past, too short, too long, not a date', () => {
    const now = 10_000_000;
    const min = 5 * 60_000;
    const day = 24 * 3_600_000;
    expect(windowProblem(now, now + min, now)).toBeNull();
    expect(windowProblem(now, now + min - 1, now)).toEqual({ field: 'closes_at', detail: 'closes_at: must be at least 5 minutes after opens_at' });
    expect(windowProblem(now - day, now, now)).toEqual({ field: 'closes_at', detail: 'closes_at: must be in the future' });
    expect(windowProblem(now - day, now + 1, now)).toBeNull();
    expect(windowProblem(now, now + 90 * day, now)).toBeNull();
    expect(windowProblem(now, now + 90 * day + 1, now)).toEqual({ field: 'closes_at', detail: 'closes_at: must be at most 90 days after opens_at' });
    expect(windowProblem(Number.NaN, now + day, now)).toEqual({ field: 'opens_at', detail: 'opens_at: must be a date and time' });
    expect(windowProblem(now, Number.NaN, now)).toEqual({ field: 'closes_at', detail: 'closes_at: must be a date and time' });
  });
});

describe('a question’s time for one pupil', () => {
  test('its time limit times the pupil’s extended time, whole seconds, never below standard', () => {
    expect(questionTimeMs(20, 100, 'question')).toBe(20_000);
    expect(questionTimeMs(20, 150, 'question')).toBe(30_000);
    expect(questionTimeMs(5, 150, 'question')).toBe(8000);
    expect(questionTimeMs(20, 200, 'question')).toBe(40_000);
    expect(questionTimeMs(20, 50, 'question')).toBe(20_000);
  });

  test('no clock: an assignment without one, or a question without a time limit', () => {
    expect(questionTimeMs(20, 200, 'none')).toBe(0);
    expect(questionTimeMs(0, 100, 'question')).toBe(0);
  });

  test('answers are taken until the time plus the network allowance; without a clock, always', () => {
    expect(answerInTime(20_000 + ASSIGNMENT_NETWORK_MS, 20_000)).toBe(true);
    expect(answerInTime(20_000 + ASSIGNMENT_NETWORK_MS + 1, 20_000)).toBe(false);
    expect(answerInTime(10 * 3_600_000, 0)).toBe(true);
  });

  test('the counted time: the screen’s figure within the allowance, else the server’s less it, clamped to the time', () => {
    // A slow connection: the server saw 7 s, the screen 5.5 s → 5.5 s counted.
    expect(countedElapsedMs({ serverMs: 7000, screenMs: 5500, timeMs: 20_000 })).toBe(5500);
    // A screen claiming far less than it could have taken gains the allowance at most.
    expect(countedElapsedMs({ serverMs: 7000, screenMs: 100, timeMs: 20_000 })).toBe(7000 - ASSIGNMENT_NETWORK_MS);
    // A screen claiming more than the server saw is held to the server's figure.
    expect(countedElapsedMs({ serverMs: 7000, screenMs: 9000, timeMs: 20_000 })).toBe(7000);
    // No figure from the screen: the server's.
    expect(countedElapsedMs({ serverMs: 7000, screenMs: null, timeMs: 20_000 })).toBe(7000);
    expect(countedElapsedMs({ serverMs: 7000, screenMs: Number.NaN, timeMs: 20_000 })).toBe(7000);
    // Past the time (inside the allowance): the whole time, no more.
    expect(countedElapsedMs({ serverMs: 21_500, screenMs: 21_000, timeMs: 20_000 })).toBe(20_000);
    // No clock: nothing clamps it.
    expect(countedElapsedMs({ serverMs: 90_000, screenMs: 89_000, timeMs: 0 })).toBe(89_000);
    // Clock skew never makes it negative.
    expect(countedElapsedMs({ serverMs: -5, screenMs: -3, timeMs: 20_000 })).toBe(0);
  });
});

describe('a pupil’s own order', () => {
  test('in order without shuffling; a permutation with it, drawn from the random source', () => {
    expect(orderOf(4, false, () => 0)).toEqual([0, 1, 2, 3]);
    // random() = 0 always swaps with the first: [1, 2, 3, 0].
    expect(orderOf(4, true, () => 0)).toEqual([1, 2, 3, 0]);
    // random() just below 1 swaps each with itself.
    expect(orderOf(4, true, () => 0.999)).toEqual([0, 1, 2, 3]);
    // One draw per place but the first: n − 1 of them, so the draws after it are the same whoever shuffled.
    let draws = 0;
    orderOf(4, true, () => (draws++, 0.5));
    expect(draws).toBe(3);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const order = orderOf(30, true, random);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(order).not.toEqual(Array.from({ length: 30 }, (_, i) => i));
  });
});

describe('the attempt kept', () => {
  test('the highest score among finished attempts, then the quickest, then the first', () => {
    const a = (id: number, score: number, time_ms: number, finished = true) => ({ id, score, time_ms, finished });
    expect(bestAttempt([])).toBeNull();
    expect(bestAttempt([a(1, 900, 1, false)])).toBeNull();
    expect(bestAttempt([a(1, 500, 10), a(2, 900, 50), a(3, 2000, 5, false)])?.id).toBe(2);
    expect(bestAttempt([a(1, 900, 50), a(2, 900, 40)])?.id).toBe(2);
    expect(bestAttempt([a(1, 900, 40), a(2, 900, 40)])?.id).toBe(1);
    expect(bestAttempt([a(2, 900, 40), a(1, 900, 40)])?.id).toBe(1);
    expect(bestAttempt([a(1, 900, 40), a(2, 800, 1)])?.id).toBe(1);
    // The quicker of two equal scores wins even when the slower came first.
    expect(bestAttempt([a(2, 900, 30), a(1, 900, 40)])?.id).toBe(2);
  });
});

describe('when answers are shown', () => {
  test('after each question: always; at the end: once finished; after the close: once closed', () => {
    expect(answersShown('each', { finished: false, closed: false })).toEqual({ grades: true, answers: true });
    expect(answersShown('end', { finished: false, closed: true })).toEqual({ grades: false, answers: false });
    expect(answersShown('end', { finished: true, closed: false })).toEqual({ grades: true, answers: true });
    expect(answersShown('after_close', { finished: true, closed: false })).toEqual({ grades: false, answers: false });
    expect(answersShown('after_close', { finished: false, closed: true })).toEqual({ grades: true, answers: true });
  });
});

describe('resume codes', () => {
  test('8 characters of the alphabet without look-alikes', () => {
    expect(RESUME_ALPHABET).not.toMatch(/[01OIL]/);
    expect(makeResumeCode(() => 0)).toBe('22222222');
    expect(makeResumeCode(() => 0.9999)).toBe('ZZZZZZZZ');
    let i = 0;
    const code = makeResumeCode(() => (i++ % RESUME_ALPHABET.length) / RESUME_ALPHABET.length);
    expect(code).toBe(RESUME_ALPHABET.slice(0, 8));
  });

  test('read as typed: case, spaces and dashes aside; anything else refused', () => {
    expect(readResumeCode('abcd-2345')).toBe('ABCD2345');
    expect(readResumeCode(' ab cd 23 45 ')).toBe('ABCD2345');
    expect(readResumeCode('ABCD234')).toBeNull();
    expect(readResumeCode('ABCD23456')).toBeNull();
    expect(readResumeCode('ABCD2341')).toBeNull();
    expect(readResumeCode('ABCDO345')).toBeNull();
    expect(readResumeCode('ABCD_345')).toBeNull();
    expect(showResumeCode('ABCD2345')).toBe('ABCD-2345');
  });
});

describe('where a pupil’s screen stands', () => {
  const view = (over: Partial<Pick<AssignmentPupilView, 'question' | 'may_start' | 'attempts_used'>> & { status?: 'scheduled' | 'open' | 'closed' }) =>
    assignmentPhase({
      assignment: { status: over.status ?? 'open' } as AssignmentPupilView['assignment'],
      question: over.question ?? null,
      may_start: over.may_start ?? false,
      attempts_used: over.attempts_used ?? 0,
    });
  test('a question on the way wins; then the opening; then whether an attempt may begin; then whether they played', () => {
    expect(view({ question: {} as AssignmentPupilView['question'], status: 'closed' })).toBe('answering');
    expect(view({ status: 'scheduled', may_start: true })).toBe('scheduled');
    expect(view({ may_start: true, attempts_used: 1 })).toBe('ready');
    expect(view({ attempts_used: 1, status: 'closed' })).toBe('finished');
    expect(view({ attempts_used: 0, status: 'closed' })).toBe('closed');
  });
});
