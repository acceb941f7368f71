import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '@/services/server/db/client';
import { liveAnswers, liveGames, livePlayers } from '@/services/server/db/schema';
import type { LivePause, LiveSecretQuestion, LiveSource, LiveStatus } from '@/services/domain/live';
import type { LiveNameMode, LiveTeamMode } from '@/services/domain/live-names';

/** SQL of hosted live games (docs/live.md). Every step is one guarded write: `version` moves from the one the step was made on. */
export type Conn = Db | Tx;

export const RUNNING_STATUSES: readonly LiveStatus[] = ['lobby', 'question', 'reveal', 'leaderboard'];

export interface GameRow {
  id: number;
  pin: string;
  hostId: number;
  title: string;
  source: LiveSource;
  questions: LiveSecretQuestion[];
  status: LiveStatus;
  paused: LivePause | null;
  pausedAt: Date | null;
  locked: boolean;
  currentIndex: number;
  opensAt: Date | null;
  deadlineAt: Date | null;
  restarted: boolean;
  maxPlayers: number;
  version: number;
  lastRanks: Record<string, number>;
  endedReason: string | null;
  hostSeenAt: Date;
  /** The process that runs the game (its address), while `heldUntil` is ahead (docs/live.md). */
  holder: string | null;
  heldUntil: Date | null;
  /** Word cloud: the words the host hid from the question on screen (folded keys). */
  hiddenWords: string[];
  /** How players are named, and the teams (docs/live.md, "Names and teams"). */
  names: LiveNameMode;
  teamCount: number;
  teamMode: LiveTeamMode;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface PlayerRow {
  id: number;
  gameId: number;
  nickname: string;
  nicknameKey: string;
  userId: number | null;
  tokenHash: string;
  score: number;
  streak: number;
  correct: number;
  answered: number;
  timeMs: number;
  removed: boolean;
  team: number | null;
}

export interface AnswerRow {
  gameId: number;
  questionIndex: number;
  playerId: number;
  answer: string;
  correct: boolean;
  points: number;
  bonus: number;
  elapsedMs: number;
}

const gameOf = (r: typeof liveGames.$inferSelect): GameRow => ({ ...r, status: r.status as LiveStatus, paused: r.paused as LivePause | null, names: r.names as LiveNameMode, teamMode: r.teamMode as LiveTeamMode });

/** A new game in the lobby; null when the PIN is taken by a running game (the caller draws another). */
export async function insertGame(
  db: Conn,
  input: { pin: string; hostId: number; title: string; source: LiveSource; questions: LiveSecretQuestion[]; maxPlayers: number; names: LiveNameMode; teamCount: number; teamMode: LiveTeamMode },
  hold: { holder: string; leaseMs: number },
): Promise<GameRow | null> {
  const rows = await db
    .insert(liveGames)
    .values({ ...input, holder: hold.holder, heldUntil: sql`now() + make_interval(secs => ${hold.leaseMs / 1000})` })
    .onConflictDoNothing()
    .returning();
  return rows[0] ? gameOf(rows[0]) : null;
}

export async function readGame(db: Conn, id: number): Promise<GameRow | null> {
  const rows = await db.select().from(liveGames).where(eq(liveGames.id, id)).limit(1);
  return rows[0] ? gameOf(rows[0]) : null;
}

export async function findRunningByPin(db: Conn, pin: string): Promise<GameRow | null> {
  const rows = await db
    .select()
    .from(liveGames)
    .where(and(eq(liveGames.pin, pin), inArray(liveGames.status, [...RUNNING_STATUSES])))
    .limit(1);
  return rows[0] ? gameOf(rows[0]) : null;
}

export async function listPlayers(db: Conn, gameId: number): Promise<PlayerRow[]> {
  return db.select().from(livePlayers).where(eq(livePlayers.gameId, gameId)).orderBy(livePlayers.id);
}

export async function listAnswers(db: Conn, gameId: number, questionIndex?: number): Promise<AnswerRow[]> {
  const where = questionIndex === undefined ? eq(liveAnswers.gameId, gameId) : and(eq(liveAnswers.gameId, gameId), eq(liveAnswers.questionIndex, questionIndex));
  return db
    .select({
      gameId: liveAnswers.gameId,
      questionIndex: liveAnswers.questionIndex,
      playerId: liveAnswers.playerId,
      answer: liveAnswers.answer,
      correct: liveAnswers.correct,
      points: liveAnswers.points,
      bonus: liveAnswers.bonus,
      elapsedMs: liveAnswers.elapsedMs,
    })
    .from(liveAnswers)
    .where(where)
    .orderBy(liveAnswers.questionIndex, liveAnswers.playerId);
}

/** A player; null when the nickname (as its key) is taken in the game. */
export async function insertPlayer(
  db: Conn,
  input: { gameId: number; nickname: string; nicknameKey: string; userId: number | null; tokenHash: string; team: number | null },
): Promise<PlayerRow | null> {
  const rows = await db.insert(livePlayers).values(input).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

const RUNNING_SQL = sql.raw(`(${RUNNING_STATUSES.map((s) => `'${s}'`).join(',')})`);
/** A game nobody holds now: never held, let go, or its holder's lease ran out. */
const UNHELD_SQL = sql.raw('(holder is null or held_until is null or held_until < now())');

/**
 * A running game taken by `holder` for `leaseMs`: when nobody holds it, it is held by `holder`
 * already, or its holder's lease ran out (that process stopped or hangs). Otherwise the process
 * that holds it and how long its lease still runs, and whether the game still runs (a finished game
 * needs no holder).
 */
export async function claimGame(db: Conn, id: number, holder: string, leaseMs: number): Promise<{ claimed: boolean; running: boolean; holder: string | null; leftMs: number }> {
  const rows = rowsOf<{ claimed: number; running: boolean | null; holder: string | null; left_ms: number | null }>(
    await db.execute(sql`
      with claimed as (
        update live_games set holder = ${holder}, held_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id = ${id} and status in ${RUNNING_SQL} and (holder = ${holder} or ${UNHELD_SQL})
        returning id
      )
      select (select count(*) from claimed)::int as claimed, g.status in ${RUNNING_SQL} as running, g.holder,
        greatest(0, extract(epoch from g.held_until - now()) * 1000)::float8 as left_ms
      from (select 1) one left join live_games g on g.id = ${id}`),
  );
  const r = rows[0];
  return { claimed: Number(r?.claimed ?? 0) === 1, running: Boolean(r?.running), holder: r?.holder ?? null, leftMs: Number(r?.left_ms ?? 0) };
}

/** The lease of every running game `holder` holds, renewed; returns the ids (a game missing was taken by another process). */
export async function renewHolds(db: Conn, holder: string, leaseMs: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update live_games set held_until = now() + make_interval(secs => ${leaseMs / 1000})
      where holder = ${holder} and status in ${RUNNING_SQL}
      returning id`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Running games nobody holds now (their holder's lease ran out): another process takes them up. */
export async function listUnheldGames(db: Conn): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from live_games where status in ${RUNNING_SQL} and ${UNHELD_SQL}`),
  );
  return rows.map((r) => Number(r.id));
}

/** A stopping process lets its games go at once, for another process to take up. */
export async function releaseHolds(db: Conn, holder: string): Promise<void> {
  await db.execute(sql`update live_games set held_until = null where holder = ${holder}`);
}

/** The game's fields a step changes. */
export type GameChange = Partial<Pick<GameRow, 'status' | 'paused' | 'pausedAt' | 'locked' | 'currentIndex' | 'opensAt' | 'deadlineAt' | 'restarted' | 'lastRanks' | 'endedReason' | 'hostSeenAt' | 'startedAt' | 'finishedAt' | 'hiddenWords'>>;

/** Writes a step over the version it was made on; false when another write got there first. */
export async function writeStep(db: Conn, id: number, fromVersion: number, change: GameChange): Promise<boolean> {
  const rows = await db
    .update(liveGames)
    .set({ ...change, version: fromVersion + 1 })
    .where(and(eq(liveGames.id, id), eq(liveGames.version, fromVersion)))
    .returning({ id: liveGames.id });
  return rows.length === 1;
}

/** A game's step to write: the version it is made on and the fields it changes. */
export interface StepItem {
  gameId: number;
  fromVersion: number;
  change: GameChange;
}

/** The columns a step may change, by their fields, with the types they are read back with from JSON. */
const STEP_COLUMNS: readonly [keyof GameChange, string, string][] = [
  ['status', 'status', 'text'],
  ['paused', 'paused', 'text'],
  ['pausedAt', 'paused_at', 'timestamptz'],
  ['locked', 'locked', 'boolean'],
  ['currentIndex', 'current_index', 'int'],
  ['opensAt', 'opens_at', 'timestamptz'],
  ['deadlineAt', 'deadline_at', 'timestamptz'],
  ['restarted', 'restarted', 'boolean'],
  ['lastRanks', 'last_ranks', 'jsonb'],
  ['endedReason', 'ended_reason', 'text'],
  ['hostSeenAt', 'host_seen_at', 'timestamptz'],
  ['startedAt', 'started_at', 'timestamptz'],
  ['finishedAt', 'finished_at', 'timestamptz'],
  ['hiddenWords', 'hidden_words', 'jsonb'],
];
const STEP_SET = sql.raw(STEP_COLUMNS.map(([, col]) => `${col} = case when position(',${col},' in c.changed) > 0 then c.${col} else g.${col} end`).join(',\n        '));
const STEP_RECORD = sql.raw(`id int, from_version int, changed text, ${STEP_COLUMNS.map(([, col, type]) => `${col} ${type}`).join(', ')}`);

/**
 * Steps of several games in one statement (group commit: many games moved on at once, as 50 hosts
 * starting their next question together): each over the version it was made on, each changing only
 * its own fields. Returns the ids whose step went through.
 */
export async function writeSteps(db: Conn, items: readonly StepItem[]): Promise<Set<number>> {
  if (items.length === 0) return new Set();
  if (items.length === 1) {
    const [one] = items;
    return (await writeStep(db, one!.gameId, one!.fromVersion, one!.change)) ? new Set([one!.gameId]) : new Set();
  }
  const json = JSON.stringify(
    items.map((i) => {
      const row: Record<string, unknown> = { id: i.gameId, from_version: i.fromVersion };
      const changed: string[] = [];
      for (const [field, col] of STEP_COLUMNS) {
        if (!(field in i.change)) continue;
        changed.push(col);
        row[col] = i.change[field] ?? null;
      }
      row.changed = `,${changed.join(',')},`;
      return row;
    }),
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update live_games g set
        ${STEP_SET},
        version = c.from_version + 1
      from json_to_recordset(${json}::json) as c(${STEP_RECORD})
      where g.id = c.id and g.version = c.from_version
      returning g.id`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function setPlayerToken(db: Conn, playerId: number, tokenHash: string): Promise<void> {
  await db.update(livePlayers).set({ tokenHash }).where(eq(livePlayers.id, playerId));
}

export async function touchHost(db: Conn, id: number, at: Date): Promise<void> {
  await db.update(liveGames).set({ hostSeenAt: at }).where(eq(liveGames.id, id));
}

export async function setRemoved(db: Conn, gameId: number, playerId: number): Promise<boolean> {
  const rows = await db
    .update(livePlayers)
    .set({ removed: true })
    .where(and(eq(livePlayers.gameId, gameId), eq(livePlayers.id, playerId), eq(livePlayers.removed, false)))
    .returning({ id: livePlayers.id });
  return rows.length === 1;
}

/**
 * Answers of one turn of the event loop, for any games, in one statement (group commit): each is
 * stored once by its key; returns the keys that were stored now (a key already there is not).
 */
export async function insertAnswers(db: Conn, answers: readonly AnswerRow[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const json = JSON.stringify(
    answers.map((a) => ({
      game_id: a.gameId,
      question_index: a.questionIndex,
      player_id: a.playerId,
      answer: a.answer,
      correct: a.correct,
      points: a.points,
      bonus: a.bonus,
      elapsed_ms: a.elapsedMs,
    })),
  );
  const rows = rowsOf<{ game_id: number; question_index: number; player_id: number }>(
    await db.execute(sql`
      insert into live_answers (game_id, question_index, player_id, answer, correct, points, bonus, elapsed_ms)
      select game_id, question_index, player_id, answer, correct, points, bonus, elapsed_ms
      from json_populate_recordset(null::live_answers, ${json}::json)
      on conflict do nothing
      returning game_id, question_index, player_id`),
  );
  return new Set(rows.map((r) => answerKey(Number(r.game_id), Number(r.question_index), Number(r.player_id))));
}

export const answerKey = (gameId: number, questionIndex: number, playerId: number) => `${gameId}:${questionIndex}:${playerId}`;

/** A question's close to write: the game, the version its step is made on, the question and its limit. */
export interface SettleItem {
  gameId: number;
  fromVersion: number;
  questionIndex: number;
  limitMs: number;
  /** The question's points: a question worth 0 leaves every player's streak as it was (docs/live.md, Points). */
  points: number;
}

/**
 * Questions' closes, of one game or of many, in one statement: each game's step to `reveal` over
 * the version it was made on, and, for every player still in that game at once, the answer's points
 * and streak bonus added, the streak carried on or broken (a 0-point question leaves it as it was), the answer time added to the tie-break
 * total (an unanswered question counts its whole limit). Returns the games whose step went through;
 * a game another write moved first is left out and nothing of it changes (its players' update runs
 * only with its step).
 */
export async function settleQuestions(db: Conn, items: readonly SettleItem[]): Promise<Set<number>> {
  if (items.length === 0) return new Set();
  const json = JSON.stringify(items.map((i) => ({ game_id: i.gameId, from_version: i.fromVersion, question_index: i.questionIndex, limit_ms: i.limitMs, points: i.points })));
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with closing as (
        select * from json_to_recordset(${json}::json) as c(game_id int, from_version int, question_index int, limit_ms int, points int)
      ), step as (
        update live_games g set status = 'reveal', version = c.from_version + 1
        from closing c
        where g.id = c.game_id and g.version = c.from_version
        returning g.id
      ), settled as (
        update live_players p set
          score = p.score + coalesce(a.points + a.bonus, 0),
          streak = case when c.points <= 0 then p.streak when a.correct then p.streak + 1 else 0 end,
          correct = p.correct + case when a.correct then 1 else 0 end,
          answered = p.answered + case when a.player_id is null then 0 else 1 end,
          time_ms = p.time_ms + coalesce(a.elapsed_ms, c.limit_ms)
        from live_players q
        join closing c on c.game_id = q.game_id
        join step s on s.id = q.game_id
        left join live_answers a on a.game_id = q.game_id and a.question_index = c.question_index and a.player_id = q.id
        where p.id = q.id and not q.removed
        returning 1
      )
      select s.id, (select count(*) from settled)::int as players from step s`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * A finished game's answers to the bank's questions, added to its signed-in players' statistics
 * (answered and right, per category of each question) in one statement; a quiz set's questions
 * have no category and count nowhere. Leaderboards and coins are not touched: a live game is the
 * host's event, not a ranked play. Returns the (player, category) rows added to.
 */
export async function recordLiveStatistics(tx: Tx, gameId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with answered as (
        select p.user_id, q.category_id, count(*)::int as answered, (count(*) filter (where a.correct))::int as correct
        from live_answers a
        join live_players p on p.id = a.player_id and p.user_id is not null
        join live_games g on g.id = a.game_id
        join questions q on q.id = (g.questions -> a.question_index ->> 'question_id')::int
        where a.game_id = ${gameId}
        group by p.user_id, q.category_id
      ), counted as (
        insert into user_statistics as st (user_id, category_id, answered, correct)
        select user_id, category_id, answered, correct from answered
        on conflict (user_id, category_id) do update
          set answered = st.answered + excluded.answered, correct = st.correct + excluded.correct, updated_at = now()
        returning 1
      )
      select count(*)::int as n from counted`),
  );
  return Number(rows[0]?.n ?? 0);
}
