import { apiRequest, type ApiResult } from '@/services/client/api';
import type { QuizSet, QuizSetDraft, QuizSetItem } from '@/services/domain/quiz-sets';

/** Quiz sets ("My quizzes", docs/live.md): the signed-in player's own questions for the games they host. */

const quiet = { toast: false } as const;

export const quizSets = (offset = 0, limit = 100): Promise<ApiResult<{ rows: QuizSetItem[]; total: number }>> => apiRequest('quiz_sets', { offset, limit }, quiet);

export const quizSet = (setId: number): Promise<ApiResult<QuizSet>> => apiRequest<QuizSet>('quiz_set', { set_id: setId }, quiet);

/** Saves a set whole (a new one without `setId`); the questions travel as one JSON field. */
export const saveQuizSet = (setId: number | null, draft: QuizSetDraft): Promise<ApiResult<QuizSet>> =>
  apiRequest<QuizSet>('quiz_set_save', { ...(setId ? { set_id: setId } : {}), title: draft.title, questions: draft.questions }, quiet);

export const deleteQuizSet = (setId: number): Promise<ApiResult<{ deleted: number }>> => apiRequest('quiz_set_delete', { set_id: setId }, quiet);

/** A CSV or content file made into a new set (named after the file unless a title is given). */
export const importQuizSet = (file: File, title?: string): Promise<ApiResult<QuizSet>> => apiRequest<QuizSet>('quiz_set_import', { file, ...(title ? { title } : {}) }, quiet);

/** A question's picture, stored on this server: its path goes into the question. */
export const uploadQuizImage = (file: File): Promise<ApiResult<{ image: string }>> => apiRequest('quiz_set_image', { image: file }, quiet);
