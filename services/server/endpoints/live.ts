import { z } from 'zod';
import { LIVE_DEFAULT_POINTS, LIVE_DEFAULT_TIME_LIMIT, LIVE_MAX_QUESTIONS, LIVE_POINTS, LIVE_TIME_LIMITS } from '@/services/domain/live';
import { MAX_ANSWER_LENGTH } from '@/services/domain/answers';
import { blankAsUnset, effectiveLanguageId, optionalId, optionalPlaceRef, paging, requiredId } from '@/services/server/endpoints/common';
import { ApiError } from '@/services/server/gateway/api-error';
import { enforceRateLimits, RATE_LIMITS } from '@/services/server/accounts/rate-limit';
import { optionalIdOf, idOf } from '@/services/domain/forms';
import { deleteQuizSet, listQuizSets, readQuizSet, readQuizSetFile, saveQuizSet } from '@/services/server/live/quiz-sets';
import { detectImageType, IMAGE_EXTENSIONS } from '@/services/server/uploads/image-type';
import { saveContentFile } from '@/services/server/uploads/store';
import { QUIZ_SET_TITLE_MAX } from '@/services/domain/quiz-sets';
import { LIVE_MAX_TEAMS, LIVE_NAME_MODES, LIVE_TEAM_COUNTS, LIVE_TEAM_MODES } from '@/services/domain/live-names';
import { LIVE_REPORT_PARTS, reportCsv, reportFileName } from '@/services/domain/live-report';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import type { SettingsMap } from '@/services/domain/settings';
import type { QuestionPick } from '@/services/server/live/questions';

/** Hosted live games (docs/live.md): the host's calls, and the players' (no account needed). */

export const oneOf = <T extends number>(values: readonly T[], what: string) =>
  z.coerce
    .number({ error: 'is required' })
    .refine((n): n is T => (values as readonly number[]).includes(n), `must be one of ${values.join(', ')} ${what}`);

const pin = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'must be the six digits on the host\'s screen'));
const token = z.string({ error: 'is required' }).trim().min(20, 'is not a rejoin token').max(64, 'is not a rejoin token');
const gameId = requiredId;
const setId = idOf('a quiz set id');

/**
 * Where a live game's or an assignment's questions come from: the host's quiz set (`set_id`), or a
 * category of the bank with the count, time and points; and a title. Shared by `live_create` and
 * `assignment_create`.
 */
export const QUESTION_PICK_INPUT = {
  set_id: optionalIdOf('a quiz set id'),
  category: optionalPlaceRef,
  subcategory: optionalPlaceRef,
  language_id: optionalId,
  questions: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, `must be 1 to ${LIVE_MAX_QUESTIONS}`).max(LIVE_MAX_QUESTIONS, `must be 1 to ${LIVE_MAX_QUESTIONS}`).default(10),
  time_limit: oneOf(LIVE_TIME_LIMITS, 'seconds').default(LIVE_DEFAULT_TIME_LIMIT),
  points: oneOf(LIVE_POINTS, 'points').default(LIVE_DEFAULT_POINTS),
  title: z.string().trim().max(80, 'must be at most 80 characters').optional(),
};

type QuestionPickInput = z.infer<z.ZodObject<typeof QUESTION_PICK_INPUT>>;

/** The checked input as the services take it; neither a set nor a category is refused naming `category`. */
export function questionPickOf(input: QuestionPickInput, settings: SettingsMap): QuestionPick & { title: string | undefined } {
  if (!input.set_id && !input.category) throw new ApiError('103', { field: 'category', detail: 'category: is required (or set_id, one of your quiz sets)' });
  return {
    setId: input.set_id || undefined,
    category: input.category ?? '',
    subcategory: input.subcategory,
    languageId: effectiveLanguageId(settings, input.language_id),
    questionCount: input.questions,
    timeLimit: input.time_limit,
    points: input.points,
    title: input.title,
  };
}

export const liveEndpoints: EndpointDef[] = [
  endpoint({
    name: 'live_create',
    access: 'user',
    input: z.object({
      ...QUESTION_PICK_INPUT,
      names: z.enum(LIVE_NAME_MODES, { error: `must be ${LIVE_NAME_MODES.join(' or ')}` }).default('free'),
      teams: oneOf(LIVE_TEAM_COUNTS, 'teams (0: none)').default(0),
      team_mode: z.enum(LIVE_TEAM_MODES, { error: `must be ${LIVE_TEAM_MODES.join(' or ')}` }).default('balanced'),
    }),
    async handler(input, ctx) {
      const pick = questionPickOf(input, ctx.settings);
      await enforceRateLimits(ctx.app.database.db, [[RATE_LIMITS.liveCreate, String(ctx.user!.id)]]);
      const data = await ctx.app.live.create(ctx.user!, ctx.settings, {
        ...pick,
        names: input.names,
        teamCount: input.teams,
        teamMode: input.team_mode,
      });
      return { data };
    },
  }),

  // The host's controls: each answers the game as it is after the step.
  ...(
    [
      ['live_next', (g) => g.next()],
      ['live_pause', (g) => g.pause('host')],
      ['live_resume', (g) => g.resume()],
      ['live_end', (g) => g.end('host')],
    ] as const satisfies readonly (readonly [string, (g: import('@/services/server/live/game').LiveGame) => Promise<unknown>])[]
  ).map(([name, act]) =>
    endpoint({
      name,
      access: 'user',
      input: z.object({ game_id: gameId }),
      async handler(input, ctx) {
        const game = await ctx.app.live.hostGame(input.game_id, ctx.user!);
        return { data: await act(game) };
      },
    }),
  ),

  endpoint({
    name: 'live_lock',
    access: 'user',
    input: z.object({ game_id: gameId, locked: z.coerce.number({ error: 'must be 0 or 1' }).int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1') }),
    async handler(input, ctx) {
      const game = await ctx.app.live.hostGame(input.game_id, ctx.user!);
      return { data: await game.lock(input.locked === 1) };
    },
  }),

  endpoint({
    name: 'live_hide_word',
    access: 'user',
    input: z.object({
      game_id: gameId,
      word: z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
      hidden: z.coerce.number({ error: 'must be 0 or 1' }).int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1').default(1),
    }),
    async handler(input, ctx) {
      const game = await ctx.app.live.hostGame(input.game_id, ctx.user!);
      return { data: await game.hideWord(input.word, input.hidden === 1) };
    },
  }),

  endpoint({
    name: 'live_remove_player',
    access: 'user',
    input: z.object({ game_id: gameId, player_id: requiredId }),
    async handler(input, ctx) {
      const game = await ctx.app.live.hostGame(input.game_id, ctx.user!);
      await game.remove(input.player_id);
      return { data: { removed: input.player_id, players: game.playerItems().length } };
    },
  }),

  endpoint({
    name: 'live_host_game',
    access: 'user',
    input: z.object({ game_id: gameId }),
    async handler(input, ctx) {
      const game = await ctx.app.live.hostGame(input.game_id, ctx.user!);
      return { data: { game: game.view(), players: game.playerItems() } };
    },
  }),

  endpoint({
    name: 'live_join',
    access: 'public',
    input: z.object({
      pin,
      nickname: z.string().max(200, 'must be at most 20 characters').optional(),
      team: z.coerce.number({ error: 'must be a team number' }).int('must be a team number').min(1, `must be 1 to ${LIVE_MAX_TEAMS}`).max(LIVE_MAX_TEAMS, `must be 1 to ${LIVE_MAX_TEAMS}`).optional(),
      language: z.string().trim().max(10, 'must be a language code').optional(),
    }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.join(input.pin, input.nickname, ctx.user, ctx.settings, ctx.ip, { team: input.team, language: input.language }) };
    },
  }),

  endpoint({
    name: 'live_entry',
    access: 'public',
    input: z.object({ pin }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.entry(input.pin, ctx.settings, ctx.ip) };
    },
  }),

  endpoint({
    name: 'live_rejoin',
    access: 'public',
    input: z.object({ game_id: gameId, token }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.rejoin(input.game_id, input.token) };
    },
  }),

  endpoint({
    name: 'live_answer',
    access: 'public',
    input: z.object({
      game_id: gameId,
      token,
      question_index: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(0, 'must be 0 or more').max(LIVE_MAX_QUESTIONS, `must be below ${LIVE_MAX_QUESTIONS}`),
      answer: z.string({ error: 'is required' }).max(MAX_ANSWER_LENGTH, `must be at most ${MAX_ANSWER_LENGTH} characters`),
    }),
    async handler(input, ctx) {
      // The instant the answer had arrived decides, not when admission, a busy turn or a step
      // queued before it let it run (docs/api.md, "The time of an answer").
      const now = ctx.app.live.clock.now();
      return { data: await ctx.app.live.answer(input.game_id, input.token, input.question_index, input.answer, now - ctx.sinceArrival(), now) };
    },
  }),

  // Reports (docs/live.md, Reports): the host's own games; a game's report; its CSV files.
  endpoint({
    name: 'live_reports',
    access: 'user',
    input: z.object({ ...paging }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.reports(ctx.user!, input) };
    },
  }),

  endpoint({
    name: 'live_report',
    access: 'user',
    input: z.object({ game_id: gameId }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.report(ctx.user!, input.game_id) };
    },
  }),

  endpoint({
    name: 'live_report_csv',
    access: 'user',
    input: z.object({ game_id: gameId, part: z.preprocess(blankAsUnset, z.enum(LIVE_REPORT_PARTS, { error: `must be one of ${LIVE_REPORT_PARTS.join(', ')}` }).default('answers')) }),
    async handler(input, ctx) {
      const report = await ctx.app.live.report(ctx.user!, input.game_id);
      return { data: { file_name: reportFileName(input.game_id, input.part), csv: reportCsv(report, input.part) } };
    },
  }),

  endpoint({
    name: 'admin_live_games',
    access: 'admin',
    input: z.object({ ...paging }),
    async handler(input, ctx) {
      return { data: await ctx.app.live.allReports(input) };
    },
  }),

  // Quiz sets ("My quizzes"): the signed-in player's own, private questions for the games they host.
  endpoint({
    name: 'quiz_sets',
    access: 'user',
    input: z.object({ ...paging }),
    async handler(input, ctx) {
      return { data: await listQuizSets(ctx.app.database.db, ctx.user!.id, input) };
    },
  }),

  endpoint({
    name: 'quiz_set',
    access: 'user',
    input: z.object({ set_id: setId }),
    async handler(input, ctx) {
      return { data: await readQuizSet(ctx.app.database.db, ctx.user!.id, input.set_id) };
    },
  }),

  endpoint({
    name: 'quiz_set_save',
    access: 'user',
    // The whole set as one JSON body (or a form's `questions` as JSON text): checked whole, saved whole.
    input: z.object({
      set_id: optionalIdOf('a quiz set id'),
      title: z.unknown(),
      questions: z.preprocess((v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }, z.unknown()),
    }),
    limits: { maxBodyBytes: 512 * 1024 },
    async handler(input, ctx) {
      return { data: await saveQuizSet(ctx.app.database.db, ctx.user!.id, input.set_id ?? null, { title: input.title, questions: input.questions }) };
    },
  }),

  endpoint({
    name: 'quiz_set_delete',
    access: 'user',
    input: z.object({ set_id: setId }),
    async handler(input, ctx) {
      await deleteQuizSet(ctx.app.database.db, ctx.user!.id, input.set_id);
      return { data: { deleted: input.set_id } };
    },
  }),

  endpoint({
    name: 'quiz_set_import',
    access: 'user',
    input: z.object({ title: z.string().trim().max(QUIZ_SET_TITLE_MAX, `must be at most ${QUIZ_SET_TITLE_MAX} characters`).optional() }),
    limits: { maxFileBytes: 1024 * 1024, maxFiles: 1, maxBodyBytes: 2 * 1024 * 1024 },
    async handler(input, ctx) {
      const file = ctx.files.find((f) => f.field === 'file');
      if (!file) throw new ApiError('103', { field: 'file', detail: 'file: send the CSV or content file as the file field file' });
      await enforceRateLimits(ctx.app.database.db, [[RATE_LIMITS.quizImport, String(ctx.user!.id)]]);
      const raw = readQuizSetFile({ name: file.filename, data: file.data }, input.title || undefined);
      return { data: await saveQuizSet(ctx.app.database.db, ctx.user!.id, null, raw) };
    },
  }),

  endpoint({
    name: 'quiz_set_image',
    access: 'user',
    input: z.object({}),
    limits: { maxFileBytes: 2 * 1024 * 1024, maxFiles: 1, maxBodyBytes: 3 * 1024 * 1024 },
    async handler(_input, ctx) {
      const file = ctx.files.find((f) => f.field === 'image');
      if (!file) throw new ApiError('103', { field: 'image', detail: 'image: send the picture as the file field image' });
      const kind = detectImageType(file.data);
      if (!kind) throw new ApiError('file_type_not_allowed', { field: 'image', detail: 'image: the file is not a PNG, JPEG or WebP image' });
      await enforceRateLimits(ctx.app.database.db, [[RATE_LIMITS.quizImage, String(ctx.user!.id)]]);
      return { data: { image: await saveContentFile(ctx.app.config, IMAGE_EXTENSIONS[kind], file.data) } };
    },
  }),
];
