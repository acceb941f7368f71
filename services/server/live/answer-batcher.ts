import type { Logger } from 'pino';
import type { Db } from '@/services/server/db/client';
import type { AnswerSink } from '@/services/server/live/game';
import { answerKey, insertAnswers, type AnswerRow } from '@/services/server/live/repository';

/**
 * Group commit of live answers (as the rooms' versions are, decision 022): the answers of every
 * game that arrive in one turn of the event loop, or while the batch before is being written, go
 * into one statement. No timer collects more, so an idle server adds no delay and a busy one
 * writes more per statement. Each answer is told whether it was stored now or was already there;
 * a failed statement fails each of its answers and stores none of them.
 */
export interface AnswerBatcher extends AnswerSink {
  /** Resolves when everything added so far is written. */
  drain(): Promise<void>;
  /** Statements written and answers in them (the bench reads them). */
  readonly stats: { statements: number; answers: number };
}

interface Waiting {
  row: AnswerRow;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

export function createAnswerBatcher(db: Db, log: Logger): AnswerBatcher {
  let batch: Waiting[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  const stats = { statements: 0, answers: 0 };

  const schedule = () => {
    if (scheduled || writing || batch.length === 0) return;
    scheduled = true;
    setImmediate(write);
  };

  function write() {
    scheduled = false;
    const items = batch;
    batch = [];
    stats.statements += 1;
    stats.answers += items.length;
    writing = insertAnswers(
      db,
      items.map((i) => i.row),
    ).then(
      (stored) => {
        for (const i of items) i.resolve(stored.has(answerKey(i.row.gameId, i.row.questionIndex, i.row.playerId)));
      },
      (error: unknown) => {
        log.error({ err: error, answers: items.length }, 'live answers not stored');
        for (const i of items) i.reject(error);
      },
    );
    void writing.finally(() => {
      writing = null;
      schedule();
    });
  }

  return {
    stats,
    add(row) {
      return new Promise<boolean>((resolve, reject) => {
        batch.push({ row, resolve, reject });
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
