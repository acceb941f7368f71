import { dueEnd, gradeExam, hiddenTooLong, isScreenshotShortcut, EXAM_LIVE_WINDOW_MS } from '@/services/domain/exams';

describe('grading an exam', () => {
  test('obtained marks are the marks of the right answers, with statistics per mark value', () => {
    const grade = gradeExam([
      { marks: 2, answer: 'a', right: 'a' },
      { marks: 2, answer: 'b', right: 'a' },
      { marks: 1, answer: null, right: 'c' },
      { marks: 5, answer: 'd', right: 'd' },
    ]);
    expect(grade).toEqual({
      total_marks: 10,
      obtained_marks: 7,
      total_questions: 4,
      correct: 2,
      incorrect: 1,
      unanswered: 1,
      statistics: [
        { mark: 1, questions: 1, correct: 0, incorrect: 0, unanswered: 1 },
        { mark: 2, questions: 2, correct: 1, incorrect: 1, unanswered: 0 },
        { mark: 5, questions: 1, correct: 1, incorrect: 0, unanswered: 0 },
      ],
    });
  });
});

describe('when a running exam is over', () => {
  const t0 = Date.parse('2026-01-01T10:00:00Z');
  const at = (ms: number) => new Date(t0 + ms);
  const clock = { deadline: at(600_000), hiddenSince: null, hiddenLimitSeconds: 5, lastSeenAt: at(0), resumeMinutes: 5 };

  test('runs until its deadline, then ends as of the deadline (a page heard from all along)', () => {
    const heard = { ...clock, lastSeenAt: at(590_000) };
    expect(dueEnd(heard, at(599_999))).toBeNull();
    expect(dueEnd(heard, at(600_000))).toEqual({ reason: 'deadline', at: at(600_000) });
  });

  test('a hidden page ends it with the rules violated at the hidden limit, whatever the page says later', () => {
    const hidden = { ...clock, hiddenSince: at(10_000), lastSeenAt: at(10_000) };
    expect(dueEnd(hidden, at(14_999))).toBeNull();
    // Hidden for exactly the limit is not more than it: the same edge as a page that comes back.
    expect(dueEnd(hidden, at(15_000))).toBeNull();
    expect(hiddenTooLong(at(10_000), at(15_000), 5)).toBe(false);
    expect(dueEnd(hidden, at(15_001))).toEqual({ reason: 'rules_violated', at: at(15_000) });
    expect(hiddenTooLong(at(10_000), at(15_001), 5)).toBe(true);
    expect(dueEnd(hidden, at(20_000))).toEqual({ reason: 'rules_violated', at: at(15_000) });
  });

  test('a page gone past the live window and the resume timeout is abandoned; never before', () => {
    const gone = { ...clock, deadline: at(3_600_000) };
    const limit = EXAM_LIVE_WINDOW_MS + 5 * 60_000;
    expect(dueEnd(gone, at(limit - 1))).toBeNull();
    expect(dueEnd(gone, at(limit))).toBeNull();
    expect(dueEnd(gone, at(limit + 1))).toEqual({ reason: 'abandoned', at: at(limit) });
    expect(dueEnd(gone, at(limit + 10))).toEqual({ reason: 'abandoned', at: at(limit) });
  });

  test('the earliest reason wins', () => {
    const both = { ...clock, deadline: at(12_000), hiddenSince: at(10_000) };
    expect(dueEnd(both, at(60_000))).toEqual({ reason: 'deadline', at: at(12_000) });
    // Over by the hidden limit only: the deadline, later, does not take its place.
    const hiddenFirst = { ...clock, deadline: at(15_002), hiddenSince: at(10_000), lastSeenAt: at(10_000) };
    expect(dueEnd(hiddenFirst, at(15_001))).toEqual({ reason: 'rules_violated', at: at(15_000) });
    expect(dueEnd(hiddenFirst, at(15_002))).toEqual({ reason: 'rules_violated', at: at(15_000) });
  });
});

describe('screenshot shortcuts', () => {
  test.each([
    [{ key: 'PrintScreen' }, true],
    [{ key: 'Unidentified', code: 'PrintScreen' }, true],
    [{ key: 'PrintScreen', altKey: true }, true],
    [{ key: '3', metaKey: true, shiftKey: true }, true],
    [{ key: '4', metaKey: true, shiftKey: true }, true],
    [{ key: '5', metaKey: true, shiftKey: true }, true],
    [{ key: 'S', metaKey: true, shiftKey: true }, true],
    // A keyboard layout whose key reads otherwise: the physical key decides.
    [{ key: '#', code: 'Digit3', metaKey: true, shiftKey: true }, true],
    [{ key: '$', code: 'Digit4', metaKey: true, shiftKey: true }, true],
    [{ key: '%', code: 'Digit5', metaKey: true, shiftKey: true }, true],
    [{ key: 'ß', code: 'KeyS', metaKey: true, shiftKey: true }, true],
    [{ key: '6', code: 'Digit6', metaKey: true, shiftKey: true }, false],
    [{ key: 'a', code: 'KeyA', metaKey: true, shiftKey: true }, false],
    [{ key: '3', metaKey: true }, false],
    [{ key: 's', ctrlKey: true }, false],
    [{ key: '3', shiftKey: true }, false],
    [{ key: 'c', ctrlKey: true }, false],
  ])('%j is a screenshot: %s', (key, expected) => {
    expect(isScreenshotShortcut(key)).toBe(expected);
  });
});

describe('dueEnd when two ends fall on one millisecond', () => {
  test('the deadline and the hidden limit at the same instant: it ended by the deadline (the first reason of the table)', () => {
    const deadline = new Date('2026-01-01T10:10:01.000Z');
    const clock = { deadline, hiddenSince: new Date(deadline.getTime() - 5_000), hiddenLimitSeconds: 5, lastSeenAt: new Date(deadline.getTime() - 5_000), resumeMinutes: 5 };
    expect(dueEnd(clock, new Date(deadline.getTime() + 1))).toEqual({ reason: 'deadline', at: deadline });
  });
});
