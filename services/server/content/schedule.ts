import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@/services/server/db/client';
import { contestEntries, contestPrizes, contestQuestions, contests, examModuleQuestions, examModules, users } from '@/services/server/db/schema';
import { ContentFileError, languageName } from '@/services/server/content/content-row';
import { ensureContentLanguage, lockContentWrites } from '@/services/server/content/repository';

/**
 * Scheduled content: contests and exams from a JSON file (docs/content.md, "Contests and exams").
 * The demo files (`content/schedule/`) are loaded by the seed; an operator's file by
 * `npm run import:schedule`. Every contest and exam carries a stable `key`: a key that is stored
 * already is left as it is (a second load of the same file changes nothing, and an exam that was
 * sat keeps its questions). A file with any error is refused whole, naming the place of the error.
 *
 * Times are ISO 8601 instants with a zone (`2026-12-01T18:00:00Z`) or offsets from the time of
 * loading (`-1h`, `+30d`, `+90m`), so that demo content is live relative to the install date.
 */

const OFFSET = /^([+-])(\d{1,5})([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** An instant of the file: ISO 8601 with a zone, or an offset from `now`. Null when it is neither. */
export function scheduleInstant(text: string, now: Date): Date | null {
  const offset = OFFSET.exec(text.trim());
  if (offset) {
    const ms = Number(offset[2]) * UNIT_MS[offset[3] as keyof typeof UNIT_MS];
    return new Date(now.getTime() + (offset[1] === '-' ? -ms : ms));
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return null;
  const d = new Date(text.trim());
  return Number.isNaN(d.getTime()) ? null : d;
}

const instant = z.string({ error: 'is required' }).refine((v) => scheduleInstant(v, new Date()) !== null, {
  message: 'must be an ISO 8601 instant with a zone (2026-12-01T18:00:00Z) or an offset like -1h, +30d, +90m',
});
const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const key = z
  .string({ error: 'is required' })
  .regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'must be lower-case letters, digits, ".", "_" or "-" (at most 100)');

const question = z
  .object({
    type: z.enum(['multiple', 'boolean'], { error: 'must be "multiple" or "boolean"' }).default('multiple'),
    question: text(1000),
    options: z.array(text(300), { error: 'must be a list of option texts' }),
    answer: z.number({ error: 'must be the index of the right option' }).int('must be a whole number').min(0, 'must be 0 or more'),
    note: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    image: z.string().trim().max(500).optional(),
  })
  .superRefine((q, ctx) => {
    const allowed = q.type === 'boolean' ? [2] : [4, 5];
    if (!allowed.includes(q.options.length)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: q.type === 'boolean' ? 'a boolean question has exactly 2 options (true, false)' : 'a multiple-choice question has 4 or 5 options' });
    }
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'options must differ' });
    if (q.answer >= q.options.length) ctx.addIssue({ code: 'custom', path: ['answer'], message: `must be the index of an option (0 to ${q.options.length - 1})` });
  });

const window = <T extends { starts: string; ends: string }>(v: T, ctx: z.RefinementCtx) => {
  const now = new Date();
  const starts = scheduleInstant(v.starts, now);
  const ends = scheduleInstant(v.ends, now);
  if (starts && ends && ends <= starts) ctx.addIssue({ code: 'custom', path: ['ends'], message: 'must be after starts' });
};

const contestSchema = z
  .object({
    key,
    name: text(200),
    description: z.string().trim().max(2000).default(''),
    image: z.string().trim().max(500).optional(),
    starts: instant,
    ends: instant,
    entry_fee: z.number({ error: 'must be a number of coins' }).int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000),
    prizes: z
      .array(
        z.object({
          rank_to: z.number({ error: 'must be a rank' }).int().min(1, 'must be 1 or more'),
          coins: z.number({ error: 'must be a number of coins' }).int().min(1, 'must be 1 or more'),
        }),
      )
      .default([])
      .refine((p) => new Set(p.map((l) => l.rank_to)).size === p.length, 'two lines with the same rank_to'),
    questions: z.array(question).min(1, 'a contest needs at least one question').max(200),
    /** Demo only: finished plays of demo players, so that a past contest has a leaderboard. */
    entries: z
      .array(
        z.object({
          player: text(60),
          score: z.number().int(),
          correct: z.number().int().min(0),
          wrong: z.number().int().min(0),
          finished: instant,
        }),
      )
      .default([]),
  })
  .superRefine(window);

const examSchema = z
  .object({
    key,
    title: text(200),
    starts: instant,
    ends: instant,
    duration: z.number({ error: 'must be a number of minutes' }).int('must be a whole number').min(1, 'must be 1 or more').max(600, 'must be at most 600'),
    exam_key: z.string({ error: 'is required' }).regex(/^[0-9]{4}$/, 'must be 4 digits'),
    answer_again: z.boolean().default(false),
    fullscreen: z.boolean().default(false),
    questions: z
      .array(question.and(z.object({ marks: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100) })))
      .min(1, 'an exam needs at least one question')
      .max(200),
  })
  .superRefine(window);

export const scheduleFileSchema = z.object({
  language: z.string({ error: 'is required' }).regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'must be a language code like "en"'),
  contests: z.array(contestSchema).default([]),
  exams: z.array(examSchema).default([]),
});
export type ScheduleFile = z.infer<typeof scheduleFileSchema>;

/** Checks a parsed file; throws ContentFileError naming the first problems and where they are. */
export function parseScheduleFile(name: string, data: unknown): ScheduleFile {
  const parsed = scheduleFileSchema.safeParse(data);
  if (parsed.success) {
    const keys = [...parsed.data.contests.map((c) => `contest ${c.key}`), ...parsed.data.exams.map((e) => `exam ${e.key}`)];
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice) throw new ContentFileError(`${name}: the ${twice} is in the file twice`);
    return parsed.data;
  }
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`);
  throw new ContentFileError(`${name}: ${problems.join('; ')}`);
}

export interface ScheduleReport {
  contests: { inserted: number; kept: number };
  exams: { inserted: number; kept: number };
}

const letters = ['a', 'b', 'c', 'd', 'e'] as const;

/** A file question as the columns contest and exam questions share. */
function questionColumns(q: ScheduleFile['contests'][number]['questions'][number]) {
  const o = q.options;
  return {
    questionType: q.type,
    question: q.question,
    image: q.image ?? null,
    optionA: o[0]!,
    optionB: o[1]!,
    optionC: o[2] ?? null,
    optionD: o[3] ?? null,
    optionE: o[4] ?? null,
    answer: letters[q.answer]!,
    note: q.note,
  };
}

/** The id of a demo player (no way to sign in as one), created when missing. */
async function demoPlayer(tx: Tx, name: string): Promise<number> {
  const firebaseId = `demo-player:${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const found = await tx.select({ id: users.id }).from(users).where(eq(users.firebaseId, firebaseId)).limit(1);
  if (found[0]) return found[0].id;
  const [row] = await tx.insert(users).values({ firebaseId, name, type: 'demo' }).returning({ id: users.id });
  return row!.id;
}

/** Stores the file's contests and exams whose keys are not stored yet, in one transaction. */
export async function loadSchedule(db: Db, file: ScheduleFile, now: Date = new Date()): Promise<ScheduleReport> {
  const at = (v: string) => scheduleInstant(v, now)!;
  return db.transaction(async (tx) => {
    await lockContentWrites(tx);
    const language = await ensureContentLanguage(tx, { code: file.language, name: languageName(file.language) });
    const report: ScheduleReport = { contests: { inserted: 0, kept: 0 }, exams: { inserted: 0, kept: 0 } };

    const contestKeys = file.contests.map((c) => c.key);
    const storedContests = new Set(
      contestKeys.length ? (await tx.select({ key: contests.contentKey }).from(contests).where(inArray(contests.contentKey, contestKeys))).map((r) => r.key) : [],
    );
    for (const c of file.contests) {
      if (storedContests.has(c.key)) {
        report.contests.kept++;
        continue;
      }
      const [row] = await tx
        .insert(contests)
        .values({
          languageId: language.id,
          name: c.name,
          description: c.description,
          image: c.image ?? null,
          startsAt: at(c.starts),
          endsAt: at(c.ends),
          entryFee: c.entry_fee,
          contentKey: c.key,
        })
        .returning({ id: contests.id });
      const contestId = row!.id;
      await tx.insert(contestQuestions).values(
        c.questions.map((q) => ({ contestId, ...questionColumns(q) })),
      );
      if (c.prizes.length) await tx.insert(contestPrizes).values(c.prizes.map((p) => ({ contestId, rankTo: p.rank_to, coins: p.coins })));
      for (const e of c.entries) {
        const userId = await demoPlayer(tx, e.player);
        await tx
          .insert(contestEntries)
          .values({
            contestId,
            userId,
            sessionId: `demo:${c.key}:${userId}`,
            score: e.score,
            correct: e.correct,
            wrong: e.wrong,
            questionsAttended: e.correct + e.wrong,
            finishedAt: at(e.finished),
          })
          .onConflictDoNothing();
      }
      report.contests.inserted++;
    }

    const examKeys = file.exams.map((e) => e.key);
    const storedExams = new Set(
      examKeys.length ? (await tx.select({ key: examModules.contentKey }).from(examModules).where(inArray(examModules.contentKey, examKeys))).map((r) => r.key) : [],
    );
    for (const e of file.exams) {
      if (storedExams.has(e.key)) {
        report.exams.kept++;
        continue;
      }
      const [row] = await tx
        .insert(examModules)
        .values({
          languageId: language.id,
          title: e.title,
          startsAt: at(e.starts),
          endsAt: at(e.ends),
          examKey: e.exam_key,
          durationMinutes: e.duration,
          answerAgain: e.answer_again,
          requireFullscreen: e.fullscreen,
          contentKey: e.key,
        })
        .returning({ id: examModules.id });
      await tx.insert(examModuleQuestions).values(
        e.questions.map((q) => ({ examModuleId: row!.id, marks: q.marks, ...questionColumns(q) })),
      );
      report.exams.inserted++;
    }
    return report;
  });
}
