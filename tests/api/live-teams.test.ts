import type { LiveGameView, LiveMe } from '@/services/domain/live';
import { LIVE_GET_READY_MS, nicknameKey } from '@/services/domain/live';
import type { LiveReport } from '@/services/domain/live-report';
import { LIVE_NAME_WORDS, type LiveEntry } from '@/services/domain/live-names';
import { seedDatabase } from '@/services/server/content/seed';
import type { Db } from '@/services/server/db/client';
import { writeSetting } from '@/services/server/settings/repository';
import { manualClock } from '@/tests/fixtures/live-clock';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { startTestApi, type ApiAnswer, type TestApi } from '@/tests/setup/api';
import { closeTestDatabase, getTestDatabase, resetDatabase, testDbKind } from '@/tests/setup/db';

/**
 * Names and teams in live games through the API (docs/live.md, "Names and teams"): what a PIN's
 * game asks before joining, generated names in the player's language, teams chosen or balanced,
 * and a team's score as the mean of its members' points, on the big screen, the phones and the report.
 */

let api: TestApi;
let db: Db;
let clock: ReturnType<typeof manualClock>;
let host: { userId: number; token: string };

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  await seedDatabase(database.db, { rootDir: process.cwd() });
  db = database.db;
  clock = manualClock();
  api = await startTestApi(database, undefined, { trustProxy: true }, { services: { live: { clock } } });
  host = await createPlayerWithSession(db, { name: 'Team Host' });
});
afterAll(async () => {
  await api.close();
  await closeTestDatabase();
});

function ok<T>(res: ApiAnswer): T {
  if (res.status !== 200 || res.body.error) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}
const refused = (res: ApiAnswer) => [res.status, res.body.message, (res.body as { field?: string }).field ?? null];
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
interface Joined {
  game_id: number;
  player_id: number;
  nickname: string;
  token: string;
}
const SET = [
  { type: 'multiple', text: 'Two and two?', options: ['3', '4'], answer: [1], time_limit: 20, points: 1000 },
  { type: 'multiple', text: 'Three and three?', options: ['6', '7'], answer: [0], time_limit: 20, points: 1000 },
];
async function newGame(extra: Record<string, string | number>): Promise<LiveGameView> {
  const set = ok<{ id: number }>(await api.call('quiz_set_save', { title: 'Teams', questions: JSON.stringify(SET) }, { token: host.token }));
  return ok<LiveGameView>(await api.call('live_create', { set_id: set.id, ...extra }, { token: host.token }));
}
const me = async (p: Joined) => ok<{ me: LiveMe }>(await api.call('live_rejoin', { game_id: p.game_id, token: p.token })).me;

describe(`names and teams (${testDbKind})`, () => {
  test('a PIN tells a phone what its game asks, counted against wrong PINs as a join is', async () => {
    const game = await newGame({ names: 'generated', teams: 3, team_mode: 'choose' });
    expect(ok<LiveEntry>(await api.call('live_entry', { pin: game.pin }, from('10.0.0.1')))).toEqual({ game_id: game.id, title: 'Teams', names: 'generated', teams: 3, team_mode: 'choose' });
    expect(refused(await api.call('live_entry', { pin: '99999' }, from('10.0.0.1')))).toEqual([400, '103', 'pin']);
    // Wrong PINs asked through live_entry spend the same allowance as joins: 30, then every call is refused.
    for (let i = 0; i < 30; i += 1) expect(refused(await api.call('live_entry', { pin: String(900000 + i) }, from('10.0.0.2')))[1]).toBe('live_pin_unknown');
    expect(refused(await api.call('live_entry', { pin: game.pin }, from('10.0.0.2')))).toEqual([429, 'rate_limited', null]);
    expect(refused(await api.call('live_join', { pin: game.pin, team: 1 }, from('10.0.0.2')))).toEqual([429, 'rate_limited', null]);
    // Bad settings are refused naming them.
    expect(refused(await api.call('live_create', { category: 'science', teams: 9 }, { token: host.token }))).toEqual([400, '103', 'teams']);
    expect(refused(await api.call('live_create', { category: 'science', names: 'silly' }, { token: host.token }))).toEqual([400, '103', 'names']);
  });

  test('generated names: nothing typed is taken, names are unique, in the player’s language, never blocked', async () => {
    await writeSetting(db, 'live_blocked_words', 'otter');
    api.app.settings.invalidate();
    const game = await newGame({ names: 'generated' });
    const signed = await createPlayerWithSession(db, { name: 'Real Name' });
    const joined: Joined[] = [];
    for (let i = 0; i < 40; i += 1) joined.push(ok<Joined>(await api.call('live_join', { pin: game.pin, nickname: 'Rude Word', language: 'en' }, from(`10.1.0.${i}`))));
    const es = ok<Joined>(await api.call('live_join', { pin: game.pin, language: 'es' }, from('10.1.1.1')));
    const mine = ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token, ...from('10.1.1.2') }));
    const names = [...joined, es, mine].map((j) => j.nickname);
    expect(names).not.toContain('Rude Word');
    expect(mine.nickname).not.toBe('Real Name');
    expect(new Set(names.map(nicknameKey)).size).toBe(names.length);
    expect(names.filter((n) => /otter/i.test(n))).toEqual([]);
    const en = LIVE_NAME_WORDS.en!;
    expect(joined.every((j) => en.adjectives.some((a) => j.nickname.startsWith(`${a} `)))).toBe(true);
    expect(LIVE_NAME_WORDS.es!.animals.some((a) => es.nickname.startsWith(`${a} `))).toBe(true);
    // The same account joining again keeps its generated name.
    expect(ok<Joined>(await api.call('live_join', { pin: game.pin }, { token: signed.token, ...from('10.1.1.2') })).nickname).toBe(mine.nickname);
    await writeSetting(db, 'live_blocked_words', '');
    api.app.settings.invalidate();
  });

  test('teams: picked or balanced; a team scores the mean of its members; the screens and the report show them', async () => {
    const chosen = await newGame({ teams: 2, team_mode: 'choose' });
    expect(refused(await api.call('live_join', { pin: chosen.pin, nickname: 'No Team' }))).toEqual([400, '103', 'team']);
    expect(refused(await api.call('live_join', { pin: chosen.pin, nickname: 'Team Three', team: 3 }))).toEqual([400, '103', 'team']);
    expect(ok<Joined>(await api.call('live_join', { pin: chosen.pin, nickname: 'Picks Two', team: 2 }))).toMatchObject({ nickname: 'Picks Two' });

    const game = await newGame({ teams: 2, team_mode: 'balanced' });
    // Balanced: 1, 2, 1 — team 1 has three players, team 2 two.
    const [a, b, c, d, e] = await Promise.all(['Ana', 'Bo', 'Cy', 'Di', 'Ed'].map(async (n, i) => ok<Joined>(await api.call('live_join', { pin: game.pin, nickname: n }, from(`10.2.0.${i}`)))));
    const players = [a!, b!, c!, d!, e!];
    const teams = await Promise.all(players.map(async (p) => (await me(p)).team));
    expect([...teams].sort()).toEqual([1, 1, 1, 2, 2]);
    const hostView = ok<{ players: { nickname: string; team: number }[] }>(await api.call('live_host_game', { game_id: game.id }, { token: host.token }));
    expect(hostView.players.map((p) => p.team).sort()).toEqual([1, 1, 1, 2, 2]);

    // Question 1: in team 1 one right at once (1,000) and two wrong; in team 2 both right at once.
    await api.call('live_next', { game_id: game.id }, { token: host.token });
    clock.advance(LIVE_GET_READY_MS);
    for (const [i, p] of players.entries()) {
      const right = teams[i] === 2 || players.filter((_, k) => teams[k] === 1).indexOf(p) === 0;
      ok(await api.call('live_answer', { game_id: p.game_id, token: p.token, question_index: 0, answer: right ? 'b' : 'a' }));
    }
    await api.app.live.answers.drain();
    await (await api.app.live.load(game.id))!.idle();
    const board = ok<LiveGameView>(await api.call('live_next', { game_id: game.id }, { token: host.token }));
    expect(board.status).toBe('leaderboard');
    // Team 1: (1,000 + 0 + 0) / 3 = 333; team 2: 1,000. The bigger team does not win by numbers.
    expect(board.teams).toEqual([
      { team: 2, score: 1000, members: 2, rank: 1 },
      { team: 1, score: 333, members: 3, rank: 2 },
    ]);
    const first = await me(players[teams.indexOf(1)]!);
    expect([first.team, first.team_rank]).toEqual([1, 2]);

    await api.call('live_end', { game_id: game.id }, { token: host.token });
    const report = ok<LiveReport>(await api.call('live_report', { game_id: game.id }, { token: host.token }));
    expect(report.game.team_count).toBe(2);
    expect(report.teams.map((t) => [t.team, t.score, t.rank])).toEqual([
      [2, 1000, 1],
      [1, 333, 2],
    ]);
    expect(report.players.map((p) => p.team).sort()).toEqual([1, 1, 1, 2, 2]);
    const csv = ok<{ csv: string }>(await api.call('live_report_csv', { game_id: game.id, part: 'players' }, { token: host.token })).csv.split('\r\n');
    expect(csv[0]).toBe('rank,nickname,signed_in,removed,score,correct,answered,total_time_s,team,team_rank,team_score');
    expect(csv.filter((row) => row.endsWith(',2,1,1000'))).toHaveLength(2);
  });
});
