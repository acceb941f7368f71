import { z } from 'zod';
import { LIFELINES } from '@/services/domain/lifelines';
import { blankAsUnset, calendarFields, idOf, effectiveLanguageId, optionalId, optionalPlaceRef, placeRef, sessionId } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { MAX_ANSWER_LENGTH } from '@/services/domain/answers';
import { submitAnswer, applyLifeline, revealHint, startQuestionClock } from '@/services/server/play/answer';
import {
  listFunNLearn,
  openBookmarkPlay,
  openDailyQuiz,
  openFunNLearn,
  openPlaceSet,
  openQuizZone,
  openSelfChallenge,
  openTrueFalse,
} from '@/services/server/play/modes';
import { getPlayReview } from '@/services/server/play/review';
import { finishPlay } from '@/services/server/play/settle';

/** Play sessions of the solo modes (docs/play-sessions.md): opening, answering, lifelines, finishing, review. */

const level = z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');

/** A count the player must pick (self challenge): missing or 0 is refused naming the field. */
const picked = z.preprocess(
  blankAsUnset,
  z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'is required'),
);

/**
 * Bookmark kinds, by the shape of the question: '1' multiple choice and true/false (the quiz zone,
 * maths, audio, fun and learn), '3' guess the word, '6' multi match (multi select and sequence).
 */
export const bookmarkType = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.enum(['1', '3', '6'], { error: "must be '1' (quiz questions), '3' (guess the word) or '6' (multi match)" }),
);

/** `type` and `type_id` of the modes played by category or subcategory (spec §7). */
const placeSet = z.object({
  language_id: optionalId,
  type: z.enum(['category', 'subcategory'], { error: 'must be "category" or "subcategory"' }),
  type_id: idOf('a category or subcategory id'),
});

export const playEndpoints: EndpointDef[] = [
  // The quiz zone and multi match open a level the same way, each in categories of its own kind.
  ...([
    ['get_questions_by_level', 'quiz_zone'],
    ['get_multi_match_questions_by_level', 'multi_match'],
  ] as const).map(([name, mode]) =>
    endpoint({
      name,
      access: 'user',
      input: z.object({ category: placeRef, subcategory: optionalPlaceRef, level, language_id: optionalId }),
      async handler(input, ctx) {
        const languageId = effectiveLanguageId(ctx.settings, input.language_id);
        return { data: await openQuizZone(ctx.app.database.db, ctx.settings, ctx.user!.id, { ...input, languageId }, mode, ctx.now()) };
      },
    }),
  ),

  endpoint({
    name: 'get_daily_quiz',
    access: 'user',
    input: z.object({ language_id: optionalId, ...calendarFields }),
    async handler(input, ctx) {
      const languageId = effectiveLanguageId(ctx.settings, input.language_id);
      return {
        data: await openDailyQuiz(ctx.app.database.db, ctx.settings, ctx.user!.id, { languageId, timezone: input.timezone, gmtFormat: input.gmt_format }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'get_questions_by_type',
    access: 'user',
    input: z.object({
      language_id: optionalId,
      type: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.literal(2, { error: 'must be 2 (true/false)' })),
    }),
    async handler(input, ctx) {
      const languageId = effectiveLanguageId(ctx.settings, input.language_id);
      return { data: await openTrueFalse(ctx.app.database.db, ctx.settings, ctx.user!.id, { languageId }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'get_questions_for_self_challenge',
    access: 'user',
    input: z.object({
      language_id: optionalId,
      category_slug: placeRef,
      subcategory_slug: optionalPlaceRef,
      limit: picked,
      minutes: picked,
    }),
    async handler(input, ctx) {
      return {
        data: await openSelfChallenge(ctx.app.database.db, ctx.settings, ctx.user!.id, {
          category: input.category_slug,
          subcategory: input.subcategory_slug,
          languageId: effectiveLanguageId(ctx.settings, input.language_id),
          limit: input.limit,
          minutes: input.minutes,
        }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'get_bookmark_play',
    access: 'user',
    input: z.object({ type: bookmarkType }),
    async handler(input, ctx) {
      return { data: await openBookmarkPlay(ctx.app.database.db, ctx.settings, ctx.user!.id, { type: input.type }, ctx.now()) };
    },
  }),

  ...(['get_maths_questions', 'get_guess_the_word', 'get_audio_questions'] as const).map((name) =>
    endpoint({
      name,
      access: 'user',
      input: placeSet,
      async handler(input, ctx) {
        const mode = name === 'get_maths_questions' ? 'maths' : name === 'get_guess_the_word' ? 'guess_the_word' : 'audio';
        return { data: await openPlaceSet(ctx.app.database.db, ctx.settings, ctx.user!.id, mode, { type: input.type, typeId: input.type_id }, ctx.now()) };
      },
    }),
  ),

  endpoint({
    name: 'get_fun_n_learn',
    access: 'user',
    input: placeSet,
    async handler(input, ctx) {
      return { data: await listFunNLearn(ctx.app.database.db, ctx.settings, ctx.user!.id, { type: input.type, typeId: input.type_id }) };
    },
  }),

  endpoint({
    name: 'get_fun_n_learn_questions',
    access: 'user',
    input: z.object({ language_id: optionalId, fun_n_learn_id: idOf('a reading id') }),
    async handler(input, ctx) {
      return { data: await openFunNLearn(ctx.app.database.db, ctx.settings, ctx.user!.id, { funNLearnId: input.fun_n_learn_id }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'guess_the_word_hint',
    access: 'user',
    input: z.object({ session_id: sessionId, question_id: idOf('a question id') }),
    async handler(input, ctx) {
      return { data: await revealHint(ctx.app.database.db, ctx.user!.id, { sessionId: input.session_id, questionId: input.question_id }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'start_question_clock',
    access: 'user',
    input: z.object({ session_id: sessionId, question_id: idOf('a question id') }),
    async handler(input, ctx) {
      return { data: await startQuestionClock(ctx.app.database.db, ctx.user!.id, { sessionId: input.session_id, questionId: input.question_id }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'submit_answer',
    access: 'user',
    input: z.object({
      session_id: sessionId,
      question_id: idOf('a question id'),
      // Its shape is checked against the open question (services/domain/answers.ts).
      answer: z.preprocess((v) => v ?? '', z.string().trim().max(MAX_ANSWER_LENGTH, `must be at most ${MAX_ANSWER_LENGTH} characters`)),
    }),
    async handler(input, ctx) {
      const now = ctx.now();
      return {
        data: await submitAnswer(ctx.app.database.db, ctx.user!.id, { sessionId: input.session_id, questionId: input.question_id, answer: input.answer }, now, ctx.settings, new Date(now.getTime() - ctx.sinceArrival())),
      };
    },
  }),

  endpoint({
    name: 'use_lifeline',
    access: 'user',
    input: z.object({
      session_id: sessionId,
      question_id: idOf('a question id'),
      lifeline: z.enum(LIFELINES, { error: `must be one of ${LIFELINES.join(', ')}` }),
    }),
    async handler(input, ctx) {
      return {
        data: await applyLifeline(ctx.app.database.db, ctx.user!.id, { sessionId: input.session_id, questionId: input.question_id, lifeline: input.lifeline }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'finish_play',
    access: 'user',
    input: z.object({ session_id: sessionId }),
    async handler(input, ctx) {
      return { data: await finishPlay(ctx.app.database.db, ctx.settings, ctx.user!.id, input.session_id, ctx.now()) };
    },
  }),

  endpoint({
    name: 'get_play_review',
    access: 'user',
    input: z.object({ session_id: sessionId }),
    async handler(input, ctx) {
      return { data: await getPlayReview(ctx.app.database.db, ctx.settings, ctx.user!.id, input.session_id, ctx.now()) };
    },
  }),
];
