import type { Logger } from 'pino';
import type { Db } from '@/services/server/db/client';
import type { AnswerSink, SettleSink, StepSink } from '@/services/server/live/game';
import { answerKey, insertAnswers, settleQuestions, writeSteps, type AnswerRow, type SettleItem, type StepItem } from '@/services/server/live/repository';

/**
 * Group commit of live writes (as the rooms' versions are, decision 022): the items of every game
 * that arrive in one turn of the event loop, or while the statement before is being written, go
 * into one statement. No timer collects more, so an idle server adds no delay and a busy one
 * writes more per statement. Each item is told its own outcome; a failed statement fails each of
 * its items and writes none of them.
 */
export interface GroupCommit<I, R> {
  add(item: I): Promise<R>;
  /** Resolves when everything added so far is written. */
  drain(): Promise<void>;
  /** Statements written and items in them (the bench reads them). */
  readonly stats: { statements: number; items: number };
}

interface Waiting<I, R> {
  item: I;
  resolve: (outcome: R) => void;
  reject: (error: unknown) => void;
}

/**
 * `write` stores its items in one statement and returns how each one came out. `spacingMs`: a
 * statement starts at least that long after the one before started, so that under a steady stream
 * of items each statement carries several (on the embedded database a statement's own cost, about
 * 0.7 ms, dwarfs a row's); after a quiet spell the first item is written at once.
 */
export function createGroupCommit<I, R>(write: (items: readonly I[]) => Promise<(item: I) => R>, log: Logger, what: string, spacingMs = 0): GroupCommit<I, R> {
  let batch: Waiting<I, R>[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  let lastStart = -Infinity;
  const stats = { statements: 0, items: 0 };

  const schedule = () => {
    if (scheduled || writing || batch.length === 0) return;
    scheduled = true;
    const wait = lastStart + spacingMs - performance.now();
    // A timer can fire up to a millisecond before its time on this clock (the event loop reads
    // whole milliseconds): it looks again rather than starting a statement early.
    if (wait > 0) {
      setTimeout(() => {
        scheduled = false;
        schedule();
      }, Math.ceil(wait));
    } else {
      setImmediate(flush);
    }
  };

  function flush() {
    scheduled = false;
    lastStart = performance.now();
    const waiting = batch;
    batch = [];
    stats.statements += 1;
    stats.items += waiting.length;
    writing = write(waiting.map((w) => w.item)).then(
      (outcome) => {
        for (const w of waiting) w.resolve(outcome(w.item));
      },
      (error: unknown) => {
        log.error({ err: error, items: waiting.length }, `${what} not written`);
        for (const w of waiting) w.reject(error);
      },
    );
    void writing.finally(() => {
      writing = null;
      schedule();
    });
  }

  return {
    stats,
    add(item) {
      return new Promise<R>((resolve, reject) => {
        batch.push({ item, resolve, reject });
        schedule();
      });
    },
    async drain() {
      while (writing || batch.length > 0) {
        if (writing) await writing.catch(() => undefined);
        else await new Promise((r) => setImmediate(r));
      }
    },
  };
}

/** Answers' statements start at least this far apart (a steady stream then fills each with several). */
export const ANSWER_SPACING_MS = Number(process.env.LIVE_ANSWER_SPACING_MS ?? 4);

export type AnswerBatcher = GroupCommit<AnswerRow, boolean> & AnswerSink;

/** The answers of every game: each is told whether it was stored now or was already there. */
export function createAnswerBatcher(db: Db, log: Logger): AnswerBatcher {
  return createGroupCommit<AnswerRow, boolean>(
    async (rows) => {
      const stored = await insertAnswers(db, rows);
      return (row) => stored.has(answerKey(row.gameId, row.questionIndex, row.playerId));
    },
    log,
    'live answers',
    ANSWER_SPACING_MS,
  );
}

export type SettleBatcher = GroupCommit<SettleItem, boolean> & SettleSink;

/**
 * The questions' closes of every game: when many games close together (their last answers come
 * at the end of the same time limit), one statement settles them all instead of one statement
 * each queued behind the other on the database. Each close is told whether its step went through.
 */
export function createSettleBatcher(db: Db, log: Logger): SettleBatcher {
  return createGameStepCommit(db, log, settleQuestions, 'live closes');
}

export type StepBatcher = GroupCommit<StepItem, boolean> & StepSink;

/**
 * The steps of every game (a question opened, the leaderboard shown, a pause…): when many hosts
 * move their games on together, one statement writes them all. Each step is told whether it went
 * through over its version.
 */
export function createStepBatcher(db: Db, log: Logger): StepBatcher {
  return createGameStepCommit(db, log, writeSteps, 'live steps');
}

/** A group commit of games' steps: `write` answers the games whose step went through over its version. */
function createGameStepCommit<I extends { gameId: number }>(db: Db, log: Logger, write: (db: Db, items: readonly I[]) => Promise<Set<number>>, what: string): GroupCommit<I, boolean> {
  return createGroupCommit<I, boolean>(
    async (items) => {
      const through = await write(db, items);
      return (item) => through.has(item.gameId);
    },
    log,
    what,
  );
}
