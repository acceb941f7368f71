import { and, asc, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/services/server/db/client';
import type { CategoryRef, SubcategoryRef } from '@/services/server/quiz-zone/repository';
import { isPlaceId, levelAboveSql, levelPassedSql } from '@/services/server/quiz-zone/repository';
import { asDate, preparedStatement, runPrepared, runPreparedQuery, type InTransaction } from '@/services/server/db/prepared';
import type { PlayMode } from '@/services/domain/play-session';
import {
  bookmarks,
  categories,
  contestQuestions,
  dailyQuizPlays,
  dailyQuizzes,
  languages,
  playSessions,
  questionReports,
  questions,
  subcategories,
  unlockedCategories,
  users,
  userStatistics,
  type PlayQuestionState,
  type PlayRules,
} from '@/services/server/db/schema';

/** SQL of the play area: play sessions, the questions they serve and what settling them records. */
export type Conn = Db | Tx;

export type SessionRow = typeof playSessions.$inferSelect;
export type NewSession = typeof playSessions.$inferInsert;

export async function readCoins(db: Conn, userId: number): Promise<number> {
  const rows = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.coins ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Sessions

export async function findOpenSession(db: Conn, userId: number, contextKey: string): Promise<SessionRow | null> {
  const rows = await db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.userId, userId), eq(playSessions.contextKey, contextKey), eq(playSessions.status, 'open')))
    .limit(1);
  return rows[0] ?? null;
}

/** What opening stores; the other columns of a new session are empty. */
export type NewSessionValues = Omit<SessionRow, 'questionTable' | 'result' | 'settledAt' | 'reviewedAt'> & { questionTable?: QuestionTable };

const INSERT_SESSION = preparedStatement<{ id: string }>(
  'play_insert_session',
  `insert into play_sessions (id, user_id, mode, context_key, question_table, category_id, subcategory_id, level, language_id, day,
     questions, current_index, current_opened_at, current_deadline, time_per_question, total_time, total_deadline, lifelines_used, rules, status, created_at)
   values ($1::text, $2::int, $3::text, $4::text, $21::text, $5::int, $6::int, $7::int, $8::int, $9::date,
     $10::jsonb, $11::int, $12::timestamptz, $13::timestamptz, $14::int, $15::int, $16::timestamptz, $17::jsonb, $18::jsonb, $19::text, $20::timestamptz)
   on conflict do nothing
   returning id`,
);

/** Inserts a session; null when the player already has an open one for the same context (a concurrent open won). */
export async function insertSession(on: Db | InTransaction, values: NewSessionValues): Promise<SessionRow | null> {
  const rows = await runPrepared(on, INSERT_SESSION, [
    values.id,
    values.userId,
    values.mode,
    values.contextKey,
    values.categoryId,
    values.subcategoryId,
    values.level,
    values.languageId,
    values.day,
    JSON.stringify(values.questions),
    values.currentIndex,
    values.currentOpenedAt,
    values.currentDeadline,
    values.timePerQuestion,
    values.totalTime,
    values.totalDeadline,
    JSON.stringify(values.lifelinesUsed),
    JSON.stringify(values.rules),
    values.status,
    values.createdAt,
    values.questionTable ?? 'questions',
  ]);
  return rows.length > 0 ? { ...values, questionTable: values.questionTable ?? 'questions', result: null, settledAt: null, reviewedAt: null } : null;
}

/** What opening a session needs to know of the player before it picks questions. */
export interface OpenStart {
  /** The player's open session for this context, if any. */
  readonly openSessionId: string | null;
  readonly coins: number;
  /** The player's extended time, in percent of the standard time (100, 150, 200). */
  readonly timeExtension: number;
}

/**
 * Whether the player has a session open for this context (its id), the player's coins and
 * extended time: what opening needs to know before it picks questions, in one statement.
 */
export async function readOpenSessionId(db: Conn, userId: number, contextKey: string): Promise<OpenStart> {
  const row = (await runPrepared(db, READ_OPEN_SESSION_ID, [userId, contextKey]))[0];
  return { openSessionId: row?.open_session_id ?? null, coins: Number(row?.coins ?? 0), timeExtension: Number(row?.time_extension ?? 100) };
}

const READ_OPEN_SESSION_ID = preparedStatement<{ open_session_id: string | null; coins: number; time_extension: number }>(
  'play_read_open_session_id',
  `select (select p.id from play_sessions p where p.user_id = $1::int and p.context_key = $2::text and p.status = 'open') as open_session_id,
     u.coins, u.time_extension
   from (select 1) one left join users u on u.id = $1::int`,
);

/** Where a player stands before a quiz-zone level opens: the place, its locks, the progress there, an open session, the coins. */
export interface QuizZoneStart {
  readonly category: CategoryRef;
  /** Null when none was named, or the named one is not an active subcategory of the category. */
  readonly subcategory: SubcategoryRef | null;
  /** Premium and not unlocked by the player. */
  readonly categoryLocked: boolean;
  readonly subcategoryLocked: boolean;
  /** The highest level passed in the place (0: none). */
  readonly highestPassed: number;
  /** The player's open session of this level, if any. */
  readonly openSessionId: string | null;
  readonly coins: number;
  readonly timeExtension: number;
}

interface QuizZoneStartRow {
  id: number;
  slug: string;
  name: string;
  type: number;
  language_id: number;
  image: string | null;
  is_premium: boolean;
  coins: number;
  sub_id: number | null;
  sub_slug: string | null;
  sub_name: string | null;
  sub_image: string | null;
  sub_is_premium: boolean | null;
  sub_coins: number | null;
  category_locked: boolean;
  subcategory_locked: boolean;
  highest_passed: number;
  open_session_id: string | null;
  player_coins: number;
  time_extension: number;
}

const READ_QUIZ_ZONE_START = preparedStatement<QuizZoneStartRow>(
  'play_read_quiz_zone_start',
  // $1 player, $2 level, $3 type; the category by id ($4 true, $5) or slug ($6) in language $7 (0: any);
  // a subcategory when $8, by id ($9 true, $10) or slug ($11); $12 the mode (the prefix of the session's context key).
  `select c.id, c.slug, c.name, c.type, c.language_id, c.image, c.is_premium, c.coins,
     s.id as sub_id, s.slug as sub_slug, s.name as sub_name, s.image as sub_image, s.is_premium as sub_is_premium, s.coins as sub_coins,
     c.is_premium and not exists (select 1 from unlocked_categories u
       where u.user_id = $1::int and u.category_id = c.id and u.subcategory_id is null) as category_locked,
     coalesce(s.is_premium and not exists (select 1 from unlocked_categories u
       where u.user_id = $1::int and u.category_id = c.id and u.subcategory_id = s.id), false) as subcategory_locked,
     coalesce((select lp.highest_passed from level_progress lp
       where lp.user_id = $1::int and lp.category_id = c.id and lp.subcategory_id is not distinct from s.id), 0) as highest_passed,
     (select p.id from play_sessions p where p.user_id = $1::int and p.status = 'open'
       and p.context_key = $12::text || ':' || c.id || ':' || coalesce(s.id, 0) || ':' || $2::int) as open_session_id,
     u.coins as player_coins, u.time_extension
   from (select c.* from categories c join languages l on l.id = c.language_id
         where case when $4::boolean then c.id = $5::int else c.slug = $6::text and ($7::int = 0 or c.language_id = $7::int) end
           and c.type = $3::int and c.status
         order by l.is_default desc, c.id limit 1) c
   left join lateral (select s.id, s.slug, s.name, s.image, s.is_premium, s.coins from subcategories s
         where $8::boolean and s.category_id = c.id and s.status
           and case when $9::boolean then s.id = $10::int else s.slug = $11::text end
         limit 1) s on true
   left join users u on u.id = $1::int`,
);

/**
 * Everything opening a quiz-zone level checks, in one statement: the category (by id or slug, as
 * `findCategory` finds it), the subcategory (as `findSubcategory`), their premium locks
 * (`isUnlocked`), the highest level passed there (`readHighestPassed`), the player's open session
 * of the level and the player's coins. Null when there is no such category.
 */
export async function readQuizZoneStart(
  db: Db,
  input: { userId: number; category: string; subcategory?: string | undefined; type: number; languageId: number; level: number; contextPrefix?: string },
): Promise<QuizZoneStart | null> {
  const categoryById = isPlaceId(input.category);
  const subRef = input.subcategory ?? '';
  const subById = isPlaceId(subRef);
  const row = (
    await runPrepared(db, READ_QUIZ_ZONE_START, [
      input.userId,
      input.level,
      input.type,
      categoryById,
      categoryById ? Number(input.category) : null,
      categoryById ? null : input.category,
      input.languageId > 0 ? input.languageId : 0,
      subRef !== '',
      subById,
      subById ? Number(subRef) : null,
      subById ? null : subRef,
      input.contextPrefix ?? 'quiz_zone',
    ])
  )[0];
  if (!row) return null;
  const category: CategoryRef = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    languageId: row.language_id,
    image: row.image,
    isPremium: row.is_premium,
    coins: row.coins,
  };
  const sub: SubcategoryRef | null =
    row.sub_id === null
      ? null
      : {
          id: row.sub_id,
          categoryId: row.id,
          slug: row.sub_slug!,
          name: row.sub_name!,
          image: row.sub_image,
          isPremium: row.sub_is_premium === true,
          coins: row.sub_coins ?? 0,
        };
  return {
    category,
    subcategory: sub,
    categoryLocked: row.category_locked === true,
    subcategoryLocked: row.subcategory_locked === true,
    highestPassed: Number(row.highest_passed),
    openSessionId: row.open_session_id,
    coins: Number(row.player_coins ?? 0),
    timeExtension: Number(row.time_extension ?? 100),
  };
}

/** A play_sessions row as a statement returns it (snake_case; timestamps a Date or a string). */
interface RawSessionRow {
  id: string;
  user_id: number;
  mode: string;
  context_key: string;
  question_table: string;
  category_id: number | null;
  subcategory_id: number | null;
  level: number | null;
  language_id: number | null;
  day: string | Date | null;
  questions: PlayQuestionState[];
  current_index: number;
  current_opened_at: Date | string;
  current_deadline: Date | string | null;
  time_per_question: number | null;
  total_time: number | null;
  total_deadline: Date | string | null;
  lifelines_used: string[];
  rules: PlayRules;
  status: string;
  result: Record<string, unknown> | null;
  settled_at: Date | string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
}

function sessionRowOf(r: RawSessionRow): SessionRow {
  return {
    id: r.id,
    userId: Number(r.user_id),
    mode: r.mode,
    contextKey: r.context_key,
    questionTable: r.question_table,
    categoryId: r.category_id,
    subcategoryId: r.subcategory_id,
    level: r.level,
    languageId: r.language_id,
    day: r.day instanceof Date ? r.day.toISOString().slice(0, 10) : r.day,
    questions: r.questions,
    currentIndex: Number(r.current_index),
    currentOpenedAt: asDate(r.current_opened_at)!,
    currentDeadline: asDate(r.current_deadline),
    timePerQuestion: r.time_per_question,
    totalTime: r.total_time,
    totalDeadline: asDate(r.total_deadline),
    lifelinesUsed: r.lifelines_used,
    rules: r.rules,
    status: r.status,
    result: r.result,
    settledAt: asDate(r.settled_at),
    reviewedAt: asDate(r.reviewed_at),
    createdAt: asDate(r.created_at)!,
  };
}

const LOCK_SESSION = preparedStatement<RawSessionRow>(
  'play_lock_session',
  // The day as text: a date is a Date on one driver and a string on the other.
  `select id, user_id, mode, context_key, question_table, category_id, subcategory_id, level, language_id, day::text as day,
     questions, current_index, current_opened_at, current_deadline, time_per_question, total_time, total_deadline,
     lifelines_used, rules, status, result, settled_at, reviewed_at, created_at
   from play_sessions where id = $1::text and user_id = $2::int for update`,
);

/** A session of this player, locked until the end of the transaction: one writer per session. */
export async function lockSession(on: InTransaction, sessionId: string, userId: number): Promise<SessionRow | null> {
  const row = (await runPrepared(on, LOCK_SESSION, [sessionId, userId]))[0];
  return row ? sessionRowOf(row) : null;
}

/** A session's open question as submit_answer reads it: no lock (the write is guarded by `version`). */
export interface OpenQuestionRow {
  readonly status: string;
  /** The session's mode: what an answer scores (rules.md, Score). */
  readonly mode: PlayMode;
  readonly currentIndex: number;
  /** How many questions the session has. */
  readonly total: number;
  /** The open question's state; null when every question is closed. */
  readonly state: PlayQuestionState | null;
  /** The open question's right answer (null when the question row is gone). */
  readonly rightAnswer: string | null;
  /** The open question's shape ('multiple', 'word', …; null when the question row is gone). */
  readonly questionType: string | null;
  readonly currentDeadline: Date | null;
  readonly totalDeadline: Date | null;
  readonly timePerQuestion: number | null;
  /** Seconds a question may wait for its audio before its clock starts (audio questions; else 0). */
  readonly startAllowance: number;
  /** Contests: the contest's end, before which no right answer leaves the server; null otherwise. */
  readonly answersHiddenUntil: Date | null;
  /** The row version read (its xmin): `closeOpenQuestion` applies only while it is unchanged. */
  readonly version: string;
}

const READ_OPEN_QUESTION = preparedStatement<{
  status: string;
  mode: string;
  current_index: number;
  total: number;
  state: PlayQuestionState | null;
  right_answer: string | null;
  question_type: string | null;
  current_deadline: Date | null;
  total_deadline: Date | null;
  time_per_question: number | null;
  start_allowance: number | null;
  answers_hidden_until: Date | null;
  version: string;
}>(
  'play_read_open_question',
  `select s.status, s.mode, s.current_index, jsonb_array_length(s.questions) as total, s.questions -> s.current_index as state,
     coalesce(q.answer, cq.answer) as right_answer, coalesce(q.question_type, cq.question_type) as question_type, s.current_deadline, s.total_deadline, s.time_per_question,
     (s.rules ->> 'startAllowance')::int as start_allowance, c.ends_at as answers_hidden_until, s.xmin::text as version
   from play_sessions s
   left join questions q on s.question_table = 'questions' and q.id = (s.questions -> s.current_index ->> 'id')::int
   left join contest_questions cq on s.question_table = 'contest_questions' and cq.id = (s.questions -> s.current_index ->> 'id')::int
   left join contests c on c.id = cq.contest_id
   where s.id = $1::text and s.user_id = $2::int`,
);

/** A session of this player with its open question and that question's right answer, in one statement. */
export async function readOpenQuestion(db: Db, sessionId: string, userId: number): Promise<OpenQuestionRow | null> {
  const row = (await runPrepared(db, READ_OPEN_QUESTION, [sessionId, userId]))[0];
  if (!row) return null;
  return {
    status: row.status,
    mode: row.mode as PlayMode,
    currentIndex: Number(row.current_index),
    total: Number(row.total),
    state: row.state,
    rightAnswer: row.right_answer,
    questionType: row.question_type,
    currentDeadline: row.current_deadline,
    totalDeadline: row.total_deadline,
    timePerQuestion: row.time_per_question,
    startAllowance: row.start_allowance ?? 0,
    answersHiddenUntil: row.answers_hidden_until,
    version: row.version,
  };
}

const CLOSE_OPEN_QUESTION = preparedStatement<{ id: string }>(
  'play_close_open_question',
  `update play_sessions set questions = jsonb_set(questions, array[$3::int::text], $4::jsonb), current_index = $3::int + 1,
     current_opened_at = $5::timestamptz, current_deadline = $6::timestamptz
   where id = $1::text and xmin::text = $2::text
   returning id`,
);

/**
 * Closes the open question (its new state at `index`) and opens the next one, if the session is
 * still the version that was read: xmin changes with every update of a row, so a concurrent
 * answer, lifeline or settlement in between makes this change nothing (false) and the caller
 * reads the session again. One statement, no transaction: a row lock held across a read and a
 * write would make every other call wait on the one PGlite connection in between.
 */
export async function closeOpenQuestion(
  db: Db,
  input: { sessionId: string; version: string; index: number; state: PlayQuestionState; openedAt: Date; deadline: Date | null },
): Promise<boolean> {
  const rows = await runPrepared(db, CLOSE_OPEN_QUESTION, [input.sessionId, input.version, input.index, JSON.stringify(input.state), input.openedAt, input.deadline]);
  return rows.length > 0;
}

export async function readSession(db: Conn, sessionId: string, userId: number): Promise<SessionRow | null> {
  const rows = await db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.id, sessionId), eq(playSessions.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export type SessionPatch = Partial<
  Pick<
    SessionRow,
    | 'questions'
    | 'currentIndex'
    | 'currentOpenedAt'
    | 'currentDeadline'
    | 'lifelinesUsed'
    | 'status'
    | 'result'
    | 'settledAt'
    | 'reviewedAt'
  >
>;

export async function updateSession(tx: Tx, sessionId: string, patch: SessionPatch): Promise<void> {
  await tx.update(playSessions).set(patch).where(eq(playSessions.id, sessionId));
}

/** A settled play of a mode in a place (category, and subcategory when given), optionally only a passed one. */
export async function findFinishedPlay(
  db: Conn,
  input: { userId: number; mode: string; categoryId: number; subcategoryId: number | null; passed?: boolean },
): Promise<{ id: string } | null> {
  const conditions: SQL[] = [
    eq(playSessions.userId, input.userId),
    eq(playSessions.mode, input.mode),
    eq(playSessions.categoryId, input.categoryId),
    eq(playSessions.status, 'finished'),
  ];
  if (input.subcategoryId !== null) conditions.push(eq(playSessions.subcategoryId, input.subcategoryId));
  if (input.passed) conditions.push(sql`(${playSessions.result} ->> 'passed')::boolean`);
  const rows = await db.select({ id: playSessions.id }).from(playSessions).where(and(...conditions)).limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Questions

/** A question as the server holds it, right answer and note included: never sent before it is answered. */
export type QuestionRow = {
  id: number;
  categoryId: number;
  subcategoryId: number | null;
  languageId: number;
  questionType: string;
  question: string;
  optionA: string | null;
  optionB: string | null;
  optionC: string | null;
  optionD: string | null;
  optionE: string | null;
  answer: string;
  level: number;
  image: string | null;
  /** Audio questions: the file or link, and what it says. */
  audio: string | null;
  transcript: string | null;
  note: string;
};

const questionColumns = {
  id: questions.id,
  categoryId: questions.categoryId,
  subcategoryId: questions.subcategoryId,
  languageId: questions.languageId,
  questionType: questions.questionType,
  question: questions.question,
  optionA: questions.optionA,
  optionB: questions.optionB,
  optionC: questions.optionC,
  optionD: questions.optionD,
  optionE: questions.optionE,
  answer: questions.answer,
  level: questions.level,
  image: questions.image,
  audio: questions.audio,
  transcript: questions.transcript,
  note: questions.note,
};

/** Active questions in an active category (and subcategory): what may be served for play. */
function servable(withOptionE: boolean): SQL[] {
  const out: SQL[] = [
    eq(questions.status, true),
    sql`exists (select 1 from ${categories} c where c.id = ${questions.categoryId} and c.status)`,
    sql`(${questions.subcategoryId} is null or exists (select 1 from ${subcategories} s where s.id = ${questions.subcategoryId} and s.status))`,
  ];
  // Without option E a question whose right option is E cannot be played.
  if (!withOptionE) out.push(ne(questions.answer, 'e'));
  return out;
}

/**
 * Premium content a player may play: every question outside premium categories and subcategories,
 * and those the player unlocked. userId null: no premium content at all (a set shared by everyone).
 */
function premiumAllowed(userId: number | null): SQL {
  const unlocked = (category: SQL, subcategory: SQL | null) =>
    userId === null
      ? sql`false`
      : sql`exists (select 1 from ${unlockedCategories} u where u.user_id = ${userId} and u.category_id = ${category} and ${
          subcategory === null ? sql`u.subcategory_id is null` : sql`u.subcategory_id = ${subcategory}`
        })`;
  return sql`not exists (select 1 from ${categories} pc where pc.id = ${questions.categoryId} and pc.is_premium and not ${unlocked(sql`pc.id`, null)})
    and (${questions.subcategoryId} is null or not exists (select 1 from ${subcategories} ps where ps.id = ${questions.subcategoryId} and ps.is_premium and not ${unlocked(sql`ps.category_id`, sql`ps.id`)}))`;
}

/** Whose premium unlocks count (null: none); undefined: no premium check (the caller checked the place). */
export type PremiumAccess = { userId: number | null } | undefined;

export interface QuestionFilter {
  categoryId?: number;
  /** undefined: any; null: only the category's own questions (no subcategory). */
  subcategoryId?: number | null;
  level?: number;
  languageId?: number;
  questionType?: 'multiple' | 'boolean';
  /** Only questions of these shapes. */
  questionTypes?: readonly ('multiple' | 'boolean' | 'word' | 'multiselect' | 'sequence')[];
  /**
   * The kind of category the questions come from (CATEGORY_TYPES). A draw across a language (daily
   * quiz, true/false, battles) names the quiz zone: a word or an order cannot be played there.
   */
  categoryType?: number;
  /** Fun and learn: the questions of one comprehension item. */
  funNLearnId?: number;
  withOptionE: boolean;
  access?: PremiumAccess;
}

function filterConditions(filter: QuestionFilter): SQL[] {
  const c = servable(filter.withOptionE);
  if (filter.categoryId !== undefined) c.push(eq(questions.categoryId, filter.categoryId));
  if (filter.subcategoryId === null) c.push(isNull(questions.subcategoryId));
  else if (filter.subcategoryId !== undefined) c.push(eq(questions.subcategoryId, filter.subcategoryId));
  if (filter.level !== undefined) c.push(eq(questions.level, filter.level));
  if (filter.languageId) c.push(eq(questions.languageId, filter.languageId));
  if (filter.questionType) c.push(eq(questions.questionType, filter.questionType));
  if (filter.questionTypes) c.push(inArray(questions.questionType, [...filter.questionTypes]));
  if (filter.categoryType !== undefined) c.push(sql`exists (select 1 from ${categories} k where k.id = ${questions.categoryId} and k.type = ${filter.categoryType})`);
  if (filter.funNLearnId !== undefined) c.push(eq(questions.funNLearnId, filter.funNLearnId));
  if (filter.access) c.push(premiumAllowed(filter.access.userId));
  return c;
}

/** Ids of up to `limit` servable questions, in random order or by id. */
export async function pickQuestionIds(db: Conn, filter: QuestionFilter, limit: number, random: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...filterConditions(filter)))
    .orderBy(random ? sql`random()` : asc(questions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

interface RawQuestionRow {
  id: number;
  category_id: number;
  subcategory_id: number | null;
  language_id: number;
  question_type: string;
  question: string;
  option_a: string;
  option_b: string;
  option_c: string | null;
  option_d: string | null;
  option_e: string | null;
  answer: string;
  level: number;
  image: string | null;
  audio: string | null;
  transcript: string | null;
  note: string;
}

function questionRowOf(r: RawQuestionRow): QuestionRow {
  return {
    id: r.id,
    categoryId: r.category_id,
    subcategoryId: r.subcategory_id,
    languageId: r.language_id,
    questionType: r.question_type,
    question: r.question,
    optionA: r.option_a,
    optionB: r.option_b,
    optionC: r.option_c,
    optionD: r.option_d,
    optionE: r.option_e,
    answer: r.answer,
    level: r.level,
    image: r.image,
    audio: r.audio,
    transcript: r.transcript,
    note: r.note,
  };
}

/**
 * Up to `limit` servable questions, whole (right answers included), in random order or by id: a
 * pick and its load in one statement, prepared (a filter has a few shapes; the values vary).
 */
export async function pickQuestions(db: Conn, filter: QuestionFilter, limit: number, random: boolean): Promise<QuestionRow[]> {
  const query = db
    .select(questionColumns)
    .from(questions)
    .where(and(...filterConditions(filter)))
    .orderBy(random ? sql`random()` : asc(questions.id))
    .limit(limit);
  return (await runPreparedQuery<RawQuestionRow>(db, 'play_pick_questions', query)).map(questionRowOf);
}

/** The servable questions among these ids (to this player, when `access` is given), whole, in the order of `ids`. */
export async function loadServable(db: Conn, ids: readonly number[], withOptionE: boolean, access?: PremiumAccess): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  const conditions = [inArray(questions.id, [...ids]), ...servable(withOptionE)];
  if (access) conditions.push(premiumAllowed(access.userId));
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .where(and(...conditions));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The tables a play session's question ids may point into. */
export type QuestionTable = 'questions' | 'contest_questions';

/** A contest's questions read as the play area reads every question (no category, level 1). */
const contestQuestionColumns = {
  id: contestQuestions.id,
  categoryId: sql<number>`0`.mapWith(Number),
  subcategoryId: sql<number | null>`null`,
  languageId: sql<number>`0`.mapWith(Number),
  questionType: contestQuestions.questionType,
  question: contestQuestions.question,
  optionA: contestQuestions.optionA,
  optionB: contestQuestions.optionB,
  optionC: contestQuestions.optionC,
  optionD: contestQuestions.optionD,
  optionE: contestQuestions.optionE,
  answer: contestQuestions.answer,
  level: sql<number>`1`.mapWith(Number),
  image: contestQuestions.image,
  audio: sql<string | null>`null`,
  transcript: sql<string | null>`null`,
  note: contestQuestions.note,
};

/** The questions with these ids in a session's question table (in any order; callers keep their own order). */
export async function loadQuestions(db: Conn, ids: readonly number[], table: string = 'questions'): Promise<Map<number, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows =
    table === 'contest_questions'
      ? await db.select(contestQuestionColumns).from(contestQuestions).where(inArray(contestQuestions.id, [...ids]))
      : await db.select(questionColumns).from(questions).where(inArray(questions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The questions of a contest, whole, in the order they were written. */
export async function loadContestQuestions(db: Conn, contestId: number): Promise<QuestionRow[]> {
  return db.select(contestQuestionColumns).from(contestQuestions).where(eq(contestQuestions.contestId, contestId)).orderBy(asc(contestQuestions.id));
}

/** Which of these ids are servable now (to this player, when `access` is given). */
export async function servableIds(db: Conn, ids: readonly number[], withOptionE: boolean, access?: PremiumAccess): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const conditions = [inArray(questions.id, [...ids]), ...servable(withOptionE)];
  if (access) conditions.push(premiumAllowed(access.userId));
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(...conditions));
  return new Set(rows.map((r) => r.id));
}

export async function questionExists(db: Conn, id: number): Promise<boolean> {
  const rows = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id)).limit(1);
  return rows.length > 0;
}

/** Every content language's code by id (a handful of rows). */
export async function languageCodes(db: Conn): Promise<Map<number, string>> {
  const rows = await db.select({ id: languages.id, code: languages.code }).from(languages);
  return new Map(rows.map((r) => [r.id, r.code]));
}

export async function defaultLanguageId(db: Conn): Promise<number | null> {
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.status, true))
    .orderBy(desc(languages.isDefault), asc(languages.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Daily quiz

export async function readDailyQuiz(db: Conn, languageId: number, day: string): Promise<number[] | null> {
  const rows = await db
    .select({ ids: dailyQuizzes.questionIds })
    .from(dailyQuizzes)
    .where(and(eq(dailyQuizzes.languageId, languageId), eq(dailyQuizzes.day, day)))
    .limit(1);
  return rows[0]?.ids ?? null;
}

/** Stores the day's drawn set unless one exists (the admin's pick, or a concurrent draw): the first wins. */
export async function insertDailyQuiz(db: Conn, languageId: number, day: string, ids: number[]): Promise<void> {
  await db.insert(dailyQuizzes).values({ languageId, day, questionIds: ids }).onConflictDoNothing();
}

export async function readDailyPlay(db: Conn, userId: number, day: string): Promise<{ sessionId: string | null; finishedAt: Date | null } | null> {
  const rows = await db
    .select({ sessionId: dailyQuizPlays.sessionId, finishedAt: dailyQuizPlays.finishedAt })
    .from(dailyQuizPlays)
    .where(and(eq(dailyQuizPlays.userId, userId), eq(dailyQuizPlays.day, day)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records the player's daily quiz of a day; false when the day was already taken (the unique key decides). */
export async function insertDailyPlay(tx: Tx, input: { userId: number; day: string; languageId: number | null; sessionId: string }): Promise<boolean> {
  const rows = await tx.insert(dailyQuizPlays).values(input).onConflictDoNothing().returning({ day: dailyQuizPlays.day });
  return rows.length > 0;
}

export async function markDailyPlayFinished(tx: Tx, userId: number, day: string): Promise<void> {
  await tx
    .update(dailyQuizPlays)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(dailyQuizPlays.userId, userId), eq(dailyQuizPlays.day, day), isNull(dailyQuizPlays.finishedAt)));
}

// ---------------------------------------------------------------------------------------------
// Settlement

/** What a settlement recorded in its first statement. */
export interface RecordedPlay {
  /** Categories whose statistics got this play's answers (0: no answer counted). */
  readonly categoriesCounted: number;
  /** The level was passed for the first time (only when a pass was recorded). */
  readonly newlyPassed: boolean;
  /** The place has a level above the passed one. */
  readonly hasNextLevel: boolean;
}

/** The answers of a play ($2: [{ id, correct }]) added to the statistics of player $1, per category of each question. */
const COUNT_ANSWERS = `answered as (
      select q.category_id, count(*)::int as answered, (count(*) filter (where a.correct))::int as correct
      from jsonb_to_recordset($2::jsonb) as a(id int, correct boolean)
      join questions q on q.id = a.id
      group by q.category_id
    ), counted as (
      insert into user_statistics as st (user_id, category_id, answered, correct)
      select $1::int, category_id, answered, correct from answered
      on conflict (user_id, category_id) do update
        set answered = st.answered + excluded.answered, correct = st.correct + excluded.correct, updated_at = now()
      returning 1
    )`;

type RecordedRow = { counted: number; newly_passed: boolean; next_level: boolean };

const RECORD_ANSWERS = preparedStatement<RecordedRow>(
  'play_record_answers',
  `with ${COUNT_ANSWERS}
   select (select count(*)::int from counted) as counted, false as newly_passed, false as next_level`,
);

const PASS = { user: '$1', category: '$3', subcategory: '$4', level: '$5' };
const RECORD_ANSWERS_AND_PASS = preparedStatement<RecordedRow>(
  'play_record_answers_and_pass',
  `with ${COUNT_ANSWERS}, passed as (${levelPassedSql(PASS)})
   select (select count(*)::int from counted) as counted, (select count(*)::int from passed) > 0 as newly_passed,
     ${levelAboveSql(PASS)} as next_level`,
);

/**
 * The answers of a play added to the player's statistics (answered and right, per category of
 * each question), and a quiz-zone pass recorded in the level progress (`levelPassedSql`) with
 * whether a level lies above it, in one statement.
 */
export async function recordPlay(
  on: InTransaction,
  input: { userId: number; answers: readonly { id: number; correct: boolean }[]; passed?: { categoryId: number; subcategoryId: number | null; level: number } },
): Promise<RecordedPlay> {
  const answers = JSON.stringify(input.answers);
  const pass = input.passed;
  const [row] = pass
    ? await runPrepared(on, RECORD_ANSWERS_AND_PASS, [input.userId, answers, pass.categoryId, pass.subcategoryId, pass.level])
    : await runPrepared(on, RECORD_ANSWERS, [input.userId, answers]);
  return { categoriesCounted: Number(row?.counted ?? 0), newlyPassed: row?.newly_passed === true, hasNextLevel: row?.next_level === true };
}

const STORE_SETTLEMENT = preparedStatement<{ coins: number }>(
  'play_store_settlement',
  `update play_sessions set questions = $3::jsonb, current_index = jsonb_array_length($3::jsonb), current_deadline = null,
     status = 'finished', settled_at = $5::timestamptz,
     result = $4::jsonb || jsonb_build_object('coins', (select coins from users where id = $2::int))
   where id = $1::text
   returning (result ->> 'coins')::int as coins`,
);

/**
 * Stores a settlement: the closed states, the finished status and the result with the player's
 * balance as it is now (read in the same statement); answers that balance.
 */
export async function storeSettlement(
  on: InTransaction,
  input: { sessionId: string; userId: number; questions: PlayQuestionState[]; result: Record<string, unknown>; settledAt: Date },
): Promise<number> {
  const [row] = await runPrepared(on, STORE_SETTLEMENT, [input.sessionId, input.userId, JSON.stringify(input.questions), JSON.stringify(input.result), input.settledAt]);
  return Number(row?.coins ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Bookmarks and reports

/** Adds a bookmark; false when it was there already. */
export async function insertBookmark(db: Conn, input: { userId: number; kind: string; questionId: number }): Promise<boolean> {
  const rows = await db.insert(bookmarks).values(input).onConflictDoNothing().returning({ id: bookmarks.questionId });
  return rows.length > 0;
}

/** Removes a bookmark; false when there was none. */
export async function deleteBookmark(db: Conn, input: { userId: number; kind: string; questionId: number }): Promise<boolean> {
  const rows = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, input.userId), eq(bookmarks.kind, input.kind), eq(bookmarks.questionId, input.questionId)))
    .returning({ id: bookmarks.questionId });
  return rows.length > 0;
}

/** Which of `questionIds` are bookmarked in a kind. */
export async function bookmarkedAmong(db: Conn, userId: number, kind: string, questionIds: readonly number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .select({ questionId: bookmarks.questionId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.kind, kind), inArray(bookmarks.questionId, [...questionIds])));
  return new Set(rows.map((r) => r.questionId));
}

/** Bookmarked question ids of a kind, oldest first. */
export async function listBookmarkIds(db: Conn, userId: number, kind: string, limit: number): Promise<{ questionId: number; createdAt: Date }[]> {
  return db
    .select({ questionId: bookmarks.questionId, createdAt: bookmarks.createdAt })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.kind, kind)))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.questionId))
    .limit(limit);
}

export async function insertReport(db: Conn, input: { userId: number; kind: string; questionId: number; message: string }): Promise<number> {
  const rows = await db.insert(questionReports).values(input).returning({ id: questionReports.id });
  return rows[0]!.id;
}

// ---------------------------------------------------------------------------------------------
// Statistics

export async function readStatistics(db: Conn, userId: number) {
  const rows = await db
    .select({
      categoryId: userStatistics.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      answered: userStatistics.answered,
      correct: userStatistics.correct,
    })
    .from(userStatistics)
    .innerJoin(categories, eq(categories.id, userStatistics.categoryId))
    .where(eq(userStatistics.userId, userId))
    .orderBy(asc(categories.rowOrder), asc(categories.id));
  return rows;
}

/** Settled plays since an instant: when, and how many answers were right and wrong (for the statistics chart). */
export async function readSettledCounts(db: Conn, userId: number, since: Date): Promise<{ settledAt: Date; correct: number; wrong: number }[]> {
  const rows = await db
    .select({
      settledAt: playSessions.settledAt,
      correct: sql<number>`coalesce((${playSessions.result} ->> 'correct')::int, 0)`,
      wrong: sql<number>`coalesce((${playSessions.result} ->> 'wrong')::int, 0)`,
    })
    .from(playSessions)
    .where(and(eq(playSessions.userId, userId), eq(playSessions.status, 'finished'), gte(playSessions.settledAt, since)))
    .orderBy(asc(playSessions.settledAt));
  return rows.map((r) => ({ settledAt: r.settledAt!, correct: Number(r.correct), wrong: Number(r.wrong) }));
}

export type { PlayQuestionState, PlayRules };
