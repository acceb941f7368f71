import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import type { Tx } from '@/services/server/db/client';
import { CATEGORY_TYPES, type RoomSecretQuestion } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { loadQuestions, pickQuestionIds, type Conn, type QuestionFilter } from '@/services/server/play/repository';
import { newQuestionState, playQuestion, shuffled } from '@/services/server/play/views';
import { findCategory, type CategoryRef } from '@/services/server/quiz-zone/repository';

/**
 * Battle questions, drawn with the solo modes' code (services/server/play): servable questions of
 * the content language and category, never premium content (a room's questions are shared by
 * players who may not have unlocked it), options shuffled once per room when
 * `option_shuffle_mode` is on and served by `playQuestion` (text, type, image, options: nothing else).
 */

/** The quiz-zone category a battle is played in, by slug or id; unknown: 102 naming the field. */
export async function resolveBattleCategory(db: Conn, ref: string, languageId: number, field = 'category'): Promise<CategoryRef> {
  const category = await findCategory(db, { ref, type: CATEGORY_TYPES.quiz_zone, languageId });
  if (!category) throw new ApiError('102', { field, detail: `no category ${ref}` });
  return category;
}

function filterFor(languageId: number, categoryId: number | null, settings: SettingsMap): QuestionFilter {
  return {
    languageId,
    ...(categoryId !== null ? { categoryId } : {}),
    // Battles are multiple choice and true/false: quiz-zone categories only (never a word or an order).
    categoryType: CATEGORY_TYPES.quiz_zone,
    questionTypes: ['multiple', 'boolean'],
    withOptionE: flagSetting(settings, 'option_e_mode'),
    access: { userId: null },
  };
}

/** Refuses a room that could not be played: no servable question in its language and category. */
export async function assertQuestionsAvailable(db: Conn, languageId: number, categoryId: number | null, settings: SettingsMap): Promise<void> {
  const ids = await pickQuestionIds(db, filterFor(languageId, categoryId, settings), 1, false);
  if (ids.length === 0) throw new ApiError('102', { field: categoryId !== null ? 'category' : 'language_id', detail: 'no questions found' });
}

/** Up to `count` questions in random order, each with its options in the order every member will see. */
export async function pickRoomQuestions(
  tx: Tx,
  input: { languageId: number; categoryId: number | null; count: number; settings: SettingsMap; random: () => number },
): Promise<RoomSecretQuestion[]> {
  const ids = await pickQuestionIds(tx, filterFor(input.languageId, input.categoryId, input.settings), input.count, true);
  const rows = await loadQuestions(tx, ids);
  const withOptionE = flagSetting(input.settings, 'option_e_mode');
  const shuffle = flagSetting(input.settings, 'option_shuffle_mode');
  return ids
    .map((id) => rows.get(id))
    .filter((q) => q !== undefined)
    .map((q) => {
      const state = newQuestionState(q, { withOptionE, shuffle: false });
      // True/false keeps True first, as in solo play.
      if (shuffle && q.questionType !== 'boolean') state.order = shuffled(state.order, input.random);
      const served = playQuestion(q, state);
      return {
        id: q.id,
        categoryId: q.categoryId,
        answer: q.answer,
        question: served.question,
        questionType: served.question_type as RoomSecretQuestion['questionType'],
        image: served.image,
        options: served.options.map((o) => ({ key: o.key, text: o.text })),
      };
    });
}
