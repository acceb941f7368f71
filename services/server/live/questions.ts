import type { LiveSecretQuestion, LiveSource } from '@/services/domain/live';
import type { QuestionType } from '@/services/domain/play-session';
import { flagSetting, type SettingsMap } from '@/services/domain/settings';
import type { AuthUser } from '@/services/server/accounts/sessions';
import type { Db } from '@/services/server/db/client';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import { liveQuestionsOfSet } from '@/services/server/live/quiz-sets';
import { pickQuestions } from '@/services/server/play/repository';
import { optionLetters, optionText } from '@/services/server/play/views';
import { resolvePlace } from '@/services/server/quiz-zone/service';

/** The bank's kinds a live game or an assignment plays (the others are written in quiz sets). */
const BANK_KINDS = ['multiple', 'boolean', 'multiselect', 'sequence'] as const satisfies readonly QuestionType[];

/** Where a live game's or an assignment's questions come from: the host's quiz set, or a bank category with the form's count, time and points. */
export interface QuestionPick {
  setId?: number | undefined;
  category: string;
  subcategory?: string | undefined;
  languageId: number;
  questionCount: number;
  timeLimit: number;
  points: number;
}

export interface PickedQuestions {
  title: string;
  questions: LiveSecretQuestion[];
  source: LiveSource;
}

/** The questions a live game or an assignment plays, with their answers, and the title they suggest. */
export function pickLiveQuestions(db: Db, user: AuthUser, settings: SettingsMap, input: QuestionPick): Promise<PickedQuestions> {
  return input.setId !== undefined ? fromSet(db, user, input.setId) : fromBank(db, user, settings, input);
}

/** A host's quiz set: its own times and points. */
async function fromSet(db: Db, user: AuthUser, setId: number): Promise<PickedQuestions> {
  const set = await liveQuestionsOfSet(db, user.id, setId);
  return { ...set, source: { kind: 'set', set_id: setId } };
}

/** Questions of a bank category (or subcategory) of the live kinds, with the form's time and points. */
async function fromBank(db: Db, user: AuthUser, settings: SettingsMap, input: QuestionPick): Promise<PickedQuestions> {
  const place = await resolvePlace(
    db,
    { category: input.category, subcategory: input.subcategory, languageId: input.languageId, fields: { category: 'category', subcategory: 'subcategory' } },
    CATEGORY_TYPES.quiz_zone,
  );
  const withOptionE = flagSetting(settings, 'option_e_mode');
  const rows = await pickQuestions(
    db,
    {
      categoryId: place.category.id,
      ...(place.subcategory ? { subcategoryId: place.subcategory.id } : {}),
      questionTypes: BANK_KINDS,
      withOptionE,
      access: { userId: user.id },
    },
    input.questionCount,
    true,
  );
  const questions: LiveSecretQuestion[] = rows
    .filter((r) => !r.audio)
    .map((r) => ({
      question_id: r.id,
      type: r.questionType as LiveSecretQuestion['type'],
      text: r.question,
      image: r.image,
      options: optionLetters(r, withOptionE).map((key) => ({ key, text: optionText(r, key) ?? '' })),
      answer: r.answer,
      time_limit: input.timeLimit,
      points: input.points,
    }));
  if (questions.length === 0) throw new ApiError('102', { field: 'category', detail: `no question of a live kind in ${place.subcategory?.slug ?? place.category.slug}` });
  return {
    title: place.subcategory ? `${place.category.name}: ${place.subcategory.name}` : place.category.name,
    questions,
    source: { kind: 'bank', category_id: place.category.id, subcategory_id: place.subcategory?.id ?? null },
  };
}
