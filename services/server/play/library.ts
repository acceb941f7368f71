import type { PlayOption, QuestionType } from '@/services/domain/play-session';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db } from '@/services/server/db/client';
import { ApiError } from '@/services/server/gateway/api-error';
import { dayOf, type PlayerCalendar } from '@/services/server/play/clock';
import {
  bookmarkedAmong,
  deleteBookmark,
  insertBookmark,
  insertReport,
  listBookmarkIds,
  loadQuestions,
  questionExists,
  readSettledCounts,
  readStatistics,
  servableIds,
} from '@/services/server/play/repository';
import { optionLetters } from '@/services/server/play/views';

/** A player's own question library: bookmarks, reports of bad questions, and answer statistics. */

/** Most bookmarks get_bookmark lists. */
export const BOOKMARK_LIST_MAX = 200;

/** The question shapes each bookmark kind holds ('1' quiz questions, '3' guess the word, '6' multi match). */
export const BOOKMARK_SHAPES: Readonly<Record<string, readonly QuestionType[]>> = {
  '1': ['multiple', 'boolean'],
  '3': ['word'],
  '6': ['multiselect', 'sequence'],
};

/** set_bookmark: '1' adds (adding twice is fine), '0' removes (removing one that is not there: bookmark_not_found). */
export async function setBookmark(db: Db, settings: SettingsMap, userId: number, input: { questionId: number; kind: string; add: boolean }) {
  if (input.add) {
    const ok = await servableIds(db, [input.questionId], flagSetting(settings, 'option_e_mode'), { userId });
    if (!ok.has(input.questionId)) throw new ApiError('102', { field: 'question_id', detail: `no question ${input.questionId} this player can play` });
    const shape = (await loadQuestions(db, [input.questionId])).get(input.questionId)?.questionType as QuestionType;
    const shapes = BOOKMARK_SHAPES[input.kind] ?? [];
    if (!shapes.includes(shape)) {
      throw new ApiError('103', { field: 'type', detail: `type: question ${input.questionId} is a ${shape} question; bookmarks of type ${input.kind} hold ${shapes.join(' and ')} questions` });
    }
    await insertBookmark(db, { userId, kind: input.kind, questionId: input.questionId });
    return { question_id: input.questionId, type: input.kind, bookmarked: true };
  }
  const removed = await deleteBookmark(db, { userId, kind: input.kind, questionId: input.questionId });
  if (!removed) throw new ApiError('bookmark_not_found', { field: 'question_id', detail: `question ${input.questionId} is not bookmarked` });
  return { question_id: input.questionId, type: input.kind, bookmarked: false };
}

/** Most question ids one get_bookmark_state asks about (a play holds at most 100 questions). */
export const BOOKMARK_STATE_MAX = 100;

/** get_bookmark_state: which of `questionIds` the player has bookmarked in `kind`, in the order asked. */
export async function bookmarkState(db: Db, userId: number, kind: string, questionIds: readonly number[]): Promise<{ type: string; bookmarked: number[] }> {
  const marked = await bookmarkedAmong(db, userId, kind, questionIds);
  return { type: kind, bookmarked: [...new Set(questionIds)].filter((id) => marked.has(id)) };
}

export interface BookmarkItem {
  id: number;
  question: string;
  question_type: QuestionType;
  image: string | null;
  options: PlayOption[];
  category_id: number;
  bookmarked_at: string;
}

/** get_bookmark: the bookmarked questions, without their answers (a bookmark may be made before answering). */
export async function listBookmarks(db: Db, settings: SettingsMap, userId: number, kind: string): Promise<BookmarkItem[]> {
  const marks = await listBookmarkIds(db, userId, kind, BOOKMARK_LIST_MAX);
  const withOptionE = flagSetting(settings, 'option_e_mode');
  const ok = await servableIds(db, marks.map((m) => m.questionId), withOptionE, { userId });
  const byId = await loadQuestions(db, marks.filter((m) => ok.has(m.questionId)).map((m) => m.questionId));
  const items: BookmarkItem[] = [];
  for (const m of marks) {
    const q = byId.get(m.questionId);
    if (!q) continue;
    const text: Record<string, string | null> = { a: q.optionA, b: q.optionB, c: q.optionC, d: q.optionD, e: q.optionE };
    items.push({
      id: q.id,
      question: q.question,
      question_type: q.questionType as QuestionType,
      image: q.image,
      options: optionLetters(q, withOptionE).map((key) => ({ key, text: text[key] ?? '' })),
      category_id: q.categoryId,
      bookmarked_at: m.createdAt.toISOString(),
    });
  }
  if (items.length === 0) throw new ApiError('102', { detail: 'no bookmarks' });
  return items;
}

export async function reportQuestion(db: Db, userId: number, input: { questionId: number; kind: string; message: string }) {
  if (!(await questionExists(db, input.questionId))) throw new ApiError('102', { field: 'question_id', detail: `no question ${input.questionId}` });
  const id = await insertReport(db, { userId, kind: input.kind, questionId: input.questionId, message: input.message });
  return { report_id: id };
}

export interface CategoryStatistics {
  category_id: number;
  category_name: string;
  answered: number;
  correct: number;
  /** Right answers in whole percent, rounded down. */
  ratio: number;
}

const ratioOf = (correct: number, answered: number) => (answered > 0 ? Math.floor((correct * 100) / answered) : 0);

/** Days the statistics chart covers, today included. */
export const HISTORY_DAYS = 30;

export async function getStatistics(db: Db, userId: number, calendar: PlayerCalendar, now: Date = new Date()) {
  const rows = await readStatistics(db, userId);
  const perCategory: CategoryStatistics[] = rows.map((r) => ({
    category_id: r.categoryId,
    category_name: r.categoryName,
    answered: r.answered,
    correct: r.correct,
    ratio: ratioOf(r.correct, r.answered),
  }));
  const answered = perCategory.reduce((a, c) => a + c.answered, 0);
  const correct = perCategory.reduce((a, c) => a + c.correct, 0);
  const ranked = perCategory.filter((c) => c.answered > 0).sort((x, y) => y.ratio - x.ratio || y.answered - x.answered || x.category_id - y.category_id);

  // One more day than the chart shows, so the first day is whole in any timezone.
  const since = new Date(now.getTime() - (HISTORY_DAYS + 1) * 86_400_000);
  const firstDay = dayOf(calendar, new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000));
  const byDay = new Map<string, { day: string; answered: number; correct: number }>();
  for (const play of await readSettledCounts(db, userId, since)) {
    const day = dayOf(calendar, play.settledAt);
    if (day < firstDay) continue;
    const entry = byDay.get(day) ?? { day, answered: 0, correct: 0 };
    entry.answered += play.correct + play.wrong;
    entry.correct += play.correct;
    byDay.set(day, entry);
  }

  return {
    questions_answered: answered,
    correct_answers: correct,
    ratio: ratioOf(correct, answered),
    strongest_category: ranked[0] ?? null,
    weakest_category: ranked.length > 1 ? ranked[ranked.length - 1]! : null,
    per_category: perCategory,
    history: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
  };
}

/**
 * set_users_statistics: a client's report of its answers is accepted when it does not claim more
 * than the server recorded (in the category when one is named, else in all); it changes nothing.
 */
export async function verifyStatistics(db: Db, userId: number, claim: { answered: number; correct: number; categoryId: number | undefined }) {
  const rows = await readStatistics(db, userId);
  const scope = claim.categoryId ? rows.filter((r) => r.categoryId === claim.categoryId) : rows;
  const answered = scope.reduce((a, r) => a + r.answered, 0);
  const correct = scope.reduce((a, r) => a + r.correct, 0);
  if (claim.answered > answered || claim.correct > correct || claim.correct > claim.answered) {
    throw new ApiError('result_not_recorded', {
      field: claim.answered > answered ? 'questions_answered' : 'correct_answers',
      detail: `the server recorded ${answered} answered and ${correct} right${claim.categoryId ? ` in category ${claim.categoryId}` : ''}`,
    });
  }
  return { questions_answered: answered, correct_answers: correct, ratio: ratioOf(correct, answered), category_id: claim.categoryId ?? null, verified: true as const };
}
