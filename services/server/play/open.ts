import { randomBytes } from 'node:crypto';
import { extendSeconds } from '@/services/domain/extended-time';
import { lifelinesEnabled, LIFELINES } from '@/services/domain/lifelines';
import type { PlayMode, PlaySession } from '@/services/domain/play-session';
import { flagSetting, intSetting, type SettingsMap } from '@/services/domain/settings';
import type { Db, Tx } from '@/services/server/db/client';
import type { PlayRules } from '@/services/server/db/schema';
import { ApiError } from '@/services/server/gateway/api-error';
import {
  findOpenSession,
  insertSession,
  loadQuestions,
  lockSession,
  readCoins,
  readOpenSessionId,
  languageCodes,
  type OpenStart,
  type QuestionTable,
  type QuestionRow,
  type SessionRow,
} from '@/services/server/play/repository';
import type { InTransaction } from '@/services/server/db/prepared';
import { settleLocked } from '@/services/server/play/settle';
import { GRACE_MS, newQuestionState, openDeadline, sessionView, type CurrentEffects } from '@/services/server/play/views';
import { questionDeadline } from '@/services/domain/settlement';
import { MAX_COINS_SETTING, SCORE_SETTINGS } from '@/services/domain/scoring';
import { foldOf } from '@/services/domain/word';

/**
 * Opening a play session: the one way questions are handed out for play. The server picks the
 * questions, fixes their order, the order of their options and the open question's deadline,
 * and answers them without their right answers. Opening the same thing again while a session
 * for it is open answers that session where it stands (a reload does not lose the game).
 */

export type SessionData = PlaySession & { current_effects: CurrentEffects };

/** A session left open this long after its open question's deadline is settled when its player opens the same thing again. */
export const STALE_AFTER_MS = 5 * 60_000;

/**
 * Seconds an audio question waits for its audio before its clock starts anyway (a player whose
 * audio never loads still gets the question's time, and can read the transcript).
 */
export const AUDIO_START_ALLOWANCE = 30;

/** The settings scoring reads for a mode, and its hints and clock rules, fixed in the session when it opens. */
function rulesFor(mode: PlayMode, settings: SettingsMap): PlayRules {
  const keys = ['quiz_winning_percentage', 'maximum_winning_coins', 'minimum_coins_winning_percentage'];
  const score = SCORE_SETTINGS[mode];
  if (score) keys.push(score.correct, score.wrong);
  const maxCoins = MAX_COINS_SETTING[mode];
  if (maxCoins) keys.push(maxCoins);
  const lifelines = lifelinesEnabled(mode) ? [...LIFELINES] : [];
  return {
    settings: Object.fromEntries(keys.map((k) => [k, String(intSetting(settings, k))])),
    lifelines,
    lifelineCost: intSetting(settings, 'quiz_zone_lifeline_deduct_coin'),
    ...(mode === 'guess_the_word'
      ? { hints: { perQuestion: intSetting(settings, 'guess_the_word_max_hints'), cost: intSetting(settings, 'guess_the_word_hint_deduct_coin') } }
      : {}),
    ...(mode === 'audio' ? { startAllowance: AUDIO_START_ALLOWANCE } : {}),
  };
}

export interface OpenSpec {
  readonly mode: PlayMode;
  /** What is played, as one key: one open session per player and key. */
  readonly contextKey: string;
  readonly categoryId?: number | null;
  readonly subcategoryId?: number | null;
  readonly level?: number | null;
  readonly languageId?: number | null;
  readonly day?: string | null;
  /** Where the question ids point (default: the shared `questions`). */
  readonly questionTable?: QuestionTable;
  /** Seconds per question, or for the whole session (`totalTime`); exactly one of them. */
  readonly timePerQuestion?: number;
  readonly totalTime?: number;
  /** Picks the questions (whole rows), in play order. None: 102 "no questions found". */
  pick(conn: Db | Tx): Promise<QuestionRow[]>;
  /** Runs in the opening transaction right after the session was stored (e.g. record the daily play). */
  afterInsert?(tx: Tx, row: SessionRow): Promise<void>;
  /** Whether an open session may be settled as abandoned when it is stale (not the daily quiz: one play a day). */
  readonly settleStale?: boolean;
  /** What the caller already read in its own checks (quiz zone): spares opening that statement. */
  readonly known?: OpenStart;
}

export function newSessionId(): string {
  return `s_${randomBytes(16).toString('base64url')}`;
}

async function view(db: Db | Tx, row: SessionRow, settings: SettingsMap, now: Date): Promise<SessionData> {
  const questions = await loadQuestions(db, row.questions.map((q) => q.id), row.questionTable);
  return sessionView(row, questions, await readCoins(db, row.userId), settings, now);
}

function isStale(row: SessionRow, now: Date): boolean {
  const deadline = openDeadline(row);
  return deadline !== null && now.getTime() - deadline.getTime() > STALE_AFTER_MS;
}

/**
 * Opens a session, or answers the open one for the same thing.
 *
 * The usual case, nothing open for it, costs two statements and no transaction: the pick (whole
 * question rows) and the insert, whose unique key (one open session per player and context)
 * decides a race with a concurrent open. Resuming, settling a stale session, a lost race and
 * modes with work to do in the opening transaction (`afterInsert`) take the transaction.
 */
export async function openSession(db: Db, settings: SettingsMap, userId: number, spec: OpenSpec, now: Date = new Date()): Promise<SessionData> {
  let known = spec.known;
  if (!spec.afterInsert) {
    known ??= await readOpenSessionId(db, userId, spec.contextKey);
    if (known.openSessionId === null) {
      const opened = await insertNew(db, settings, userId, spec, known.timeExtension, now);
      if (opened) return sessionView(opened.row, opened.byId, known.coins, settings, now);
    }
  }
  return db.transaction(async (tx) => {
    const timeExtension = known?.timeExtension ?? (await readOpenSessionId(tx, userId, spec.contextKey)).timeExtension;
    const open = await findOpenSession(tx, userId, spec.contextKey);
    if (open) {
      if (!(spec.settleStale && isStale(open, now))) return view(tx, open, settings, now);
      const locked = await lockSession({ db, tx }, open.id, userId);
      if (locked?.status === 'open') await settleLocked({ db, tx }, locked, settings, now);
    }

    const opened = await insertNew({ db, tx }, settings, userId, spec, timeExtension, now);
    if (!opened) {
      // A concurrent call opened the same thing first: answer its session.
      const winner = await findOpenSession(tx, userId, spec.contextKey);
      if (!winner) throw new Error('an open session vanished while opening another for the same context');
      return view(tx, winner, settings, now);
    }
    await spec.afterInsert?.(tx, opened.row);
    return sessionView(opened.row, opened.byId, await readCoins(tx, userId), settings, now);
  });
}

/**
 * Picks the questions and stores a new session of them; null when one is open for the same
 * context already. The clock (per question or for the session) is the mode's time stretched by
 * the player's extended time (`timeExtension`, percent): every deadline of the session follows it.
 */
async function insertNew(
  on: Db | InTransaction,
  settings: SettingsMap,
  userId: number,
  spec: OpenSpec,
  timeExtension: number,
  now: Date,
): Promise<{ row: SessionRow; byId: Map<number, QuestionRow> } | null> {
  const picked = await spec.pick('tx' in on ? on.tx : on);
  if (picked.length === 0) throw new ApiError('102', { detail: 'no questions found' });
  const withOptionE = flagSetting(settings, 'option_e_mode');
  const shuffle = flagSetting(settings, 'option_shuffle_mode');
  const conn = 'tx' in on ? on.tx : on;
  const codes = picked.some((q) => q.questionType === 'word') ? await languageCodes(conn) : null;
  const states = picked.map((q) => newQuestionState(q, { withOptionE, shuffle, fold: foldOf(codes?.get(q.languageId)) }));

  const perQuestion = spec.totalTime === undefined;
  const seconds = extendSeconds(perQuestion ? spec.timePerQuestion! : spec.totalTime!, timeExtension);
  const rules = rulesFor(spec.mode, settings);
  const deadline = perQuestion ? questionDeadline(seconds, rules.startAllowance ?? 0, now) : new Date(now.getTime() + seconds * 1000 + GRACE_MS);
  const row = await insertSession(on, {
    id: newSessionId(),
    userId,
    mode: spec.mode,
    contextKey: spec.contextKey,
    categoryId: spec.categoryId ?? null,
    subcategoryId: spec.subcategoryId ?? null,
    level: spec.level ?? null,
    languageId: spec.languageId || null,
    day: spec.day ?? null,
    questionTable: spec.questionTable ?? 'questions',
    questions: states,
    currentIndex: 0,
    currentOpenedAt: now,
    currentDeadline: perQuestion ? deadline : null,
    timePerQuestion: perQuestion ? seconds : null,
    totalTime: perQuestion ? null : seconds,
    totalDeadline: perQuestion ? null : deadline,
    lifelinesUsed: [],
    rules,
    status: 'open',
    createdAt: now,
  });
  return row ? { row, byId: new Map(picked.map((q) => [q.id, q])) } : null;
}
