import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerPoints, type RoomDocument } from '@/services/domain/rooms';
import { defaultSettings } from '@/services/domain/settings';
import { stampArrival } from '@/services/server/gateway/arrival';
import { testDbKind } from '@/tests/setup/db';
import { newPlayer, roomsApiSuite, secretAnswers, startFriendRoom, type Player } from '@/tests/api/rooms.support';

/**
 * A battle answer is timed from the moment it had fully arrived (services/server/gateway/arrival.ts),
 * as solo and live answers are (tests/api/answer-arrival.test.ts): one held 600 ms after it arrived
 * still wins the quick-answer bonus it arrived in time for. The server is built as server.ts builds
 * it: stamp, hold, gateway. The room's clock is the test's: the answer is handled at the instant
 * the clock reads, having arrived 600 ms of real time earlier.
 */
const h = roomsApiSuite();
const HELD_MS = 600;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    stampArrival(req, res);
    setTimeout(() => void h.api.gateway.handle(req, res), HELD_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function heldAnswer(player: Player, doc: RoomDocument, answer: string): Promise<RoomDocument> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ room_id: doc.id, question_index: 0, answer })) form.append(k, String(v));
  const res = await fetch(`${url}/api/submit_room_answer`, { method: 'POST', body: form, headers: { authorization: `Bearer ${player.token}` } });
  const body = (await res.json()) as { message: string; data: { room: RoomDocument } };
  expect([res.status, body.message]).toEqual([200, 'ok']);
  return body.data.room;
}

test(`battle (${testDbKind}): an answer handled 2.3 s after the question opened, having arrived 600 ms earlier, gets the 2-second bonus`, async () => {
  const a = await newPlayer(h);
  const b = await newPlayer(h);
  const started = await startFriendRoom(h, a, b, 0);
  const q = started.questions[0]!;
  const right = (await secretAnswers(h, started.id))[0]!;
  const opens = Date.parse(q.opens_at);
  // Both answers are handled 2.3 s after the opening: past the 2-second bonus, had they arrived then.
  h.clock.set(opens + 2300);
  await heldAnswer(a, started, right);
  const done = await heldAnswer(b, started, right);
  const settings = defaultSettings();
  const inTime = answerPoints(true, 1700, settings);
  expect(inTime).toBeGreaterThan(answerPoints(true, 2300, settings));
  expect(done.players.map((p) => p.points)).toEqual([inTime, inTime]);
});
