import type { RoomDocument } from '@/services/domain/rooms';
import { applyRoomDelta, type RoomDelta } from '@/services/domain/room-events';
import { callApi, signUpPlayer, type Player } from '@/tests/e2e/support/player';
import { startServer, type RunningServer } from '@/tests/e2e/support/server';
import { until } from '@/tests/e2e/support/until';

// A server killed in the middle of a random battle with a fee (SIGKILL: no stream is closed) and
// started again at once by its supervisor. The restart must not pick a winner by chance
// (docs/rooms.md, Presence): the players it dropped start their grace periods at one instant and,
// when nobody comes back, go out together — the battle is aborted and every fee refunded; a
// player who comes back wins against the one who does not. API and process only: no browser.

const GRACE_SECONDS = 3;
const SETTINGS = {
  random_battle_total_question: '3',
  random_battle_duration: '30',
  battle_reconnect_grace_seconds: String(GRACE_SECONDS),
};
const FEE = 5;
const WELCOME = 50; // welcome_bonus_coin (docs/economy.md)

let server: RunningServer;
/** The server's last lines, for a wait that ran out. */
const explain = () => server.output().slice(-3000);

beforeAll(async () => {
  server = await startServer({ settings: SETTINGS, env: { DEV_OUTBOX: '1' } });
});

afterAll(async () => {
  await server?.stop();
});

interface Stream {
  /** The room documents received so far, in order (deltas folded). */
  readonly docs: RoomDocument[];
  close(): void;
}

/** A member's room stream, as the battle page holds it; the documents it delivers are collected. */
async function openStream(player: Player, roomId: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/rooms/${roomId}/events`, { headers: { authorization: `Bearer ${player.token}` }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`room stream: HTTP ${res.status}`);
  const docs: RoomDocument[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data === undefined) continue;
          // The whole document, then each version as a delta folded into the one before (as the browser does).
          if (/^event: room$/m.test(frame)) docs.push(JSON.parse(data) as RoomDocument);
          else if (/^event: delta$/m.test(frame) && docs.length > 0) docs.push(applyRoomDelta(docs.at(-1)!, JSON.parse(data) as RoomDelta));
        }
      }
    } catch {
      // closed by the test, or the server went away
    }
  })();
  return { docs, close: () => abort.abort() };
}

async function room(player: Player, roomId: string): Promise<RoomDocument> {
  const res = await callApi<{ room: RoomDocument }>(server, 'get_room', { room_id: roomId }, player.token);
  if (res.status !== 200) throw new Error(`get_room: ${JSON.stringify(res)}`);
  return res.data.room;
}

const coinsOf = async (player: Player) => (await callApi<{ coins: number }>(server, 'get_user_coin_score', {}, player.token)).data.coins;

/** Two players in a started random battle (fee taken), both on their streams, both answered question 0; then the server is killed and started again. */
async function battleCutByACrash(category: string) {
  const [ada, ben] = await Promise.all([signUpPlayer(server, 'Ada Restart'), signUpPlayer(server, 'Ben Restart')]);
  const search = await callApi<{ room: RoomDocument }>(server, 'find_random_match', { language_id: 1, category }, ada.token);
  expect(search.status).toBe(200);
  const matched = await callApi<{ room: RoomDocument }>(server, 'find_random_match', { language_id: 1, category }, ben.token);
  expect(matched.data.room.status).toBe('started');
  const roomId = matched.data.room.id;
  const streams = await Promise.all([openStream(ada, roomId), openStream(ben, roomId)]);
  const open = matched.data.room.questions[0]!;
  await until('question 0 to open', async () => (Date.parse(open.opens_at) <= Date.now() ? true : null), { explain });
  for (const [player, option] of [
    [ada, open.options[0]!.key],
    [ben, open.options[1]!.key],
  ] as const) {
    const res = await callApi(server, 'submit_room_answer', { room_id: roomId, question_index: 0, answer: option }, player.token);
    expect(res.status).toBe(200);
  }
  await until('question 0 to close on both streams', () => (streams.every((s) => s.docs.some((d) => d.questions[0]?.closed)) ? true : null), { explain });
  expect([await coinsOf(ada), await coinsOf(ben)]).toEqual([WELCOME - FEE, WELCOME - FEE]);

  await server.crashAndRestart();
  for (const s of streams) s.close();
  return { ada, ben, roomId };
}

test('nobody comes back after the crash: both go out together when the one grace period ends, the battle is aborted, both fees refunded', async () => {
  const { ada, ben, roomId } = await battleCutByACrash('history');
  const dropped = await room(ada, roomId);
  const graces = dropped.players.map((p) => p.grace_until);
  expect(graces[0]).not.toBeNull();
  expect(graces[1]).toBe(graces[0]);

  const done = await until('the battle to end', async () => {
    const doc = await room(ben, roomId);
    return doc.status === 'finished' ? doc : null;
  }, { explain });
  expect(done.result).toMatchObject({ winners: [], reason: 'aborted' });
  expect(done.players.every((p) => p.left)).toBe(true);
  expect([await coinsOf(ada), await coinsOf(ben)]).toEqual([WELCOME, WELCOME]);
});

test('one player comes back within the grace: the other goes out at its end and the one who came back wins the pot', async () => {
  const { ada, ben, roomId } = await battleCutByACrash('sports-games');
  const back = await openStream(ben, roomId);
  try {
    const done = await until('the battle to end', () => back.docs.find((d) => d.status === 'finished'), { explain });
    expect(done.result).toMatchObject({ winners: [ben.user.id], reason: 'opponents_left' });
    expect(done.players.find((p) => p.user_id === ada.user.id)!.left).toBe(true);
    expect(done.players.find((p) => p.user_id === ben.user.id)!.left).toBe(false);
    expect([await coinsOf(ada), await coinsOf(ben)]).toEqual([WELCOME - FEE, WELCOME - FEE + 2 * FEE]);
  } finally {
    back.close();
  }
});
