import { examGrade } from '@/tests/paths/rules/exam';

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
