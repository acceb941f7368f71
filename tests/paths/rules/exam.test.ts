import { examDeadlineMs, examEnd, examGrade, examTimeLeftMs } from '@/tests/paths/rules/exam';

test('exam grade: the marks of the right answers, statistics per mark value (rules.md, Exams)', () => {
  expect(
    examGrade([
      { marks: 1, outcome: 'right' },
      { marks: 3, outcome: 'wrong' },
      { marks: 1, outcome: 'unanswered' },
      { marks: 3, outcome: 'right' },
      { marks: 2, outcome: 'right' },
    ]),
  ).toEqual({
    total_marks: 10,
    obtained_marks: 6,
    total_questions: 5,
    correct: 3,
    incorrect: 1,
    unanswered: 1,
    statistics: [
      { mark: 1, questions: 2, correct: 1, incorrect: 0, unanswered: 1 },
      { mark: 2, questions: 1, correct: 1, incorrect: 0, unanswered: 0 },
      { mark: 3, questions: 2, correct: 1, incorrect: 1, unanswered: 0 },
    ],
  });
});

test("an exam's clock (docs/exams.md): the deadline with the network's second, ended at it; hidden or gone for more than the limit, as of the limit", () => {
  expect(examDeadlineMs(0, 10)).toBe(601_000);
  expect(examDeadlineMs(0, 10, 1.5)).toBe(901_000);
  expect(examTimeLeftMs(601_000, 0)).toBe(600_000);
  const running = { deadlineMs: 601_000, hiddenSinceMs: null, hiddenLimitSeconds: 5, lastHeardMs: 590_000, resumeMinutes: 5 };
  expect(examEnd(running, 600_999)).toBeNull();
  expect(examEnd(running, 601_000)).toEqual({ reason: 'deadline', atMs: 601_000 });
  const hidden = { ...running, hiddenSinceMs: 10_000, lastHeardMs: 10_000 };
  expect(examEnd(hidden, 15_000)).toBeNull();
  expect(examEnd(hidden, 15_001)).toEqual({ reason: 'rules_violated', atMs: 15_000 });
  const gone = { ...running, lastHeardMs: 0 };
  expect(examEnd(gone, 330_000)).toBeNull();
  expect(examEnd(gone, 330_001)).toEqual({ reason: 'abandoned', atMs: 330_000 });
});
