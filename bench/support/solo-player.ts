/**
 * A simulated person playing quiz-zone levels through the API (bench/play, bench/memory and the
 * small-machine test): it opens a level (get_questions_by_level), reads and answers each question
 * (submit_answer) after a think time, finishes the level (finish_play) and opens the next one at
 * once. Its answer is a random option (right by luck); a level it passes unlocks the next one for
 * it. Every choice comes from the seeded random source it is given, so a run is repeatable.
 */
import { performance } from 'node:perf_hooks';
import { ok, type Answer, type BenchApi } from '@/bench/support/players';

/** A free quiz-zone place: a category, and its subcategory when it has some. */
export interface Place {
  category: string;
  subcategory?: string;
}

/** Every free quiz-zone place of the bank's first language, as a player sees them. */
export async function freePlaces(api: BenchApi, token: string): Promise<Place[]> {
  const out: Place[] = [];
  const categories = ok<{ slug: string; no_of_subcategories: number; is_premium: boolean }[]>(await api.call('get_categories', { type: 1, language_id: 1 }, { token }), 'get_categories');
  for (const c of categories.filter((c) => !c.is_premium)) {
    if (c.no_of_subcategories === 0) {
      out.push({ category: c.slug });
      continue;
    }
    const subs = ok<{ slug: string; is_premium: boolean }[]>(await api.call('get_subcategory_by_maincategory', { language_id: 1, category_slug: c.slug }, { token }), 'get_subcategory_by_maincategory');
    for (const s of subs.filter((s) => !s.is_premium)) out.push({ category: c.slug, subcategory: s.slug });
  }
  return out;
}

export const SOLO_CALLS = ['get_questions_by_level', 'submit_answer', 'finish_play'] as const;
export type SoloCall = (typeof SOLO_CALLS)[number];

/** What the players did: each call's times (ms), the errors by call and answer, the levels finished and passed. */
export class SoloStats {
  readonly times: Record<SoloCall, number[]> = { get_questions_by_level: [], submit_answer: [], finish_play: [] };
  readonly errors = new Map<string, number>();
  sessions = 0;
  passed = 0;

  error(call: string, what: string) {
    const key = `${call}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  get calls(): number {
    return SOLO_CALLS.reduce((n, c) => n + this.times[c].length, 0);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

export interface SoloPace {
  /** Mean think time before each answer; each is drawn from 0.5× to 1.5× of it. 0: none. */
  thinkMs: number;
  /** The player starts at a random moment over this many seconds. */
  rampSeconds: number;
  /** Told of every call, with its time and when it started: for printing the slow ones. */
  onCall?: (call: SoloCall, ms: number, startedAt: number, res: Answer) => void;
}

interface SessionData {
  session_id: string;
  current_index: number;
  questions: { id: number; options: { key: string }[] }[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(stats: SoloStats, pace: SoloPace, call: SoloCall, run: () => Promise<Answer>): Promise<Answer | null> {
  const t = performance.now();
  try {
    const res = await run();
    const ms = performance.now() - t;
    stats.times[call].push(ms);
    pace.onCall?.(call, ms, t, res);
    if (res.status !== 200) {
      stats.error(call, `${res.status} ${res.body.message}`);
      return null;
    }
    return res;
  } catch (err) {
    stats.error(call, (err as Error).message);
    return null;
  }
}

/** Plays until the deadline (a performance.now() time); a level still going then is left open (its calls so far count). */
export async function playLevelsUntil(api: BenchApi, token: string, all: readonly Place[], deadline: number, stats: SoloStats, random: () => number, pace: SoloPace): Promise<void> {
  const unlocked = new Map<string, number>();
  const timeLeft = () => performance.now() < deadline;
  if (pace.rampSeconds > 0) await pause(random() * pace.rampSeconds * 1000);
  while (timeLeft()) {
    const place = all[Math.floor(random() * all.length)]!;
    const key = `${place.category}/${place.subcategory ?? ''}`;
    const level = unlocked.get(key) ?? 1;
    const opened = await timed(stats, pace, 'get_questions_by_level', () => api.call('get_questions_by_level', { ...place, level, language_id: 1 }, { token }));
    if (!opened) continue;
    const session = opened.body.data as SessionData;
    let complete = true;
    for (let i = session.current_index; i < session.questions.length; i++) {
      // Reading the question and choosing: uniformly 0.5–1.5 × the mean think time.
      if (pace.thinkMs > 0) await pause(pace.thinkMs * (0.5 + random()));
      if (!timeLeft()) return;
      const q = session.questions[i]!;
      const letter = q.options[Math.floor(random() * q.options.length)]!.key;
      const answered = await timed(stats, pace, 'submit_answer', () => api.call('submit_answer', { session_id: session.session_id, question_id: q.id, answer: letter }, { token }));
      if (!answered) {
        complete = false;
        break;
      }
    }
    if (!complete || !timeLeft()) continue;
    const finished = await timed(stats, pace, 'finish_play', () => api.call('finish_play', { session_id: session.session_id }, { token }));
    if (!finished) continue;
    const result = finished.body.data as { passed: boolean; level_unlocked: number | null };
    stats.sessions++;
    if (result.passed) stats.passed++;
    if (result.level_unlocked) unlocked.set(key, result.level_unlocked);
  }
}
