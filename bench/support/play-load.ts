/**
 * The play load of bench/memory and of the small-machine test (tests/e2e/small-machine.e2e.ts): a
 * hosted live game of 40 phones and 20 players on quiz-zone levels, all at once, through the API
 * of a running server (started with DEV_OUTBOX=1 and TRUST_PROXY=1 for the sign-ups).
 */
import { performance } from 'node:perf_hooks';
import { playLiveGames } from '@/bench/support/live';
import { BenchApi, seededRandom, signUpPlayers } from '@/bench/support/players';
import { freePlaces, playLevelsUntil, SoloStats } from '@/bench/support/solo-player';

export const PLAY_LOAD = { phones: 40, solo: 20 } as const;

export interface PlayLoadResult {
  /** What was played, in a line. */
  summary: string;
  /** Every refused or failed call, with its count ("submit_answer: 500 … ×2"); empty when none. */
  errors: string[];
}

/** Signs up the players and a host, then plays for `seconds`. */
export async function runPlayLoad(url: string, options: { seconds: number; seed: number }): Promise<PlayLoadResult> {
  const api = new BenchApi(url);
  const tokens = await signUpPlayers(api, PLAY_LOAD.solo + 1, `load ${options.seed}`);
  const host = tokens.pop()!;
  const places = await freePlaces(api, tokens[0]!);
  const deadline = performance.now() + options.seconds * 1000;
  const solo = new SoloStats();
  const [live] = await Promise.all([
    playLiveGames(api, host, PLAY_LOAD.phones, deadline, seededRandom(options.seed), options.seed * 1000),
    ...tokens.map((token, i) => playLevelsUntil(api, token, places, deadline, solo, seededRandom(options.seed * 100_003 + i), { thinkMs: 2000, rampSeconds: 3 })),
  ]);
  const errors = [...solo.errors, ...live.errors].map(([what, n]) => `${what} ×${n}`);
  return {
    summary: `${live.questions} live questions (${live.answers} answers), ${solo.sessions} solo levels (${solo.calls} calls), ${errors.length ? `errors: ${errors.join('; ')}` : '0 errors'}`,
    errors,
  };
}
