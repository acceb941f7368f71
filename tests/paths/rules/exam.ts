/**
 * Exam grading as rules.md states it (Exams), written again here apart from the server's code
 * (services/domain/exams.ts): obtained marks are the sum of the marks of the right answers, with
 * statistics per mark value (right, wrong, unanswered).
 */

export interface ExamAnswerPlan {
  readonly marks: number;
  /** What the path did with the question. */
  readonly outcome: 'right' | 'wrong' | 'unanswered';
}

export function examGrade(plan: readonly ExamAnswerPlan[]) {
  const marks = [...new Set(plan.map((q) => q.marks))].sort((a, b) => a - b);
  const of = (o: ExamAnswerPlan['outcome'], mark?: number) => plan.filter((q) => q.outcome === o && (mark === undefined || q.marks === mark)).length;
  return {
    total_marks: plan.reduce((sum, q) => sum + q.marks, 0),
    obtained_marks: plan.filter((q) => q.outcome === 'right').reduce((sum, q) => sum + q.marks, 0),
    total_questions: plan.length,
    correct: of('right'),
    incorrect: of('wrong'),
    unanswered: of('unanswered'),
    statistics: marks.map((mark) => ({ mark, questions: plan.filter((q) => q.marks === mark).length, correct: of('right', mark), incorrect: of('wrong', mark), unanswered: of('unanswered', mark) })),
  };
}
