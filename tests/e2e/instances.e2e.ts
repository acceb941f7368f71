/**
 * Several instances, proven (docs/deploy.md, "Several machines"): two instances of the built app on
 * one PostgreSQL database behind nginx, configured by the file the repository ships
 * (deploy/nginx/quiz-arena.conf; only its ports are rewritten). Players play rounds of random
 * battles through nginx, half of them holding the room stream and answering with HTTP calls (the
 * browser's room feed, services/client/room-feed.ts), half on the player's socket (the browser's
 * own services/client/player-socket.ts, its rooms and answers over one WebSocket), while
 *   1. the instances are restarted one after the other (SIGTERM, a graceful drain): not one call
 *      fails, no stream shows a break, every battle ends with the same scores on every member's
 *      feed as on the server, every coin is accounted for;
 *   2. one instance is killed (SIGKILL): its players reconnect to the other, their battles go on and
 *      end, and nothing is decided twice (one result per member, the ledger balanced).
 *   3. in Chromium, two players' battle pages (the real app, through nginx) play a battle while
 *      both instances restart: neither page shows a break, both show the server's result;
 *   4. in Chromium, two phones on one instance play a live game the other holds (their calls sent
 *      on, their streams over the game's channel) to their results.
 * Needs TEST_DATABASE_URL and nginx (.ci/run installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RoomDocument } from '@/services/domain/rooms';
import { WebSocket as NodeWebSocket } from 'ws';
import { createRoomFeed, type RoomFeedStatus } from '@/services/client/room-feed';
import { createPlayerSocket } from '@/services/client/player-socket';
import { BenchApi, signUpPlayer } from '@/bench/support/players';
import { freePort, startServer, type RunningServer } from '@/tests/e2e/support/server';
import { launchBrowser } from '@/tests/e2e/support/browser';
import { signInPage } from '@/tests/e2e/support/player';
import type { Page } from 'playwright-core';
import type { LiveGameView } from '@/services/domain/live';
import { demoAnswers } from '@/tests/e2e/support/demo-answers';
import { openPostgresSession } from '@/services/server/db/transfer/session';
import { summarize } from '@/services/server/db/transfer/summary';
import { PROXY_IDLE_CLOSE_MS } from '@/services/server/ops/connection-drain';
import { until } from '@/tests/e2e/support/until';

jest.setTimeout(300_000);

const PLAYERS = 8;
const WELCOME = 50;
const SETTINGS = {
  random_battle_total_question: '3',
  random_battle_duration: '20',
  random_battle_search_seconds: '120',
  battle_reconnect_grace_seconds: '20',
  battle_mode_random_category: '0',
};
const base = process.env.TEST_DATABASE_URL;
const LIVE_ANSWERS = demoAnswers('en');
const METRICS_TOKEN = 'instances-test-metrics-token';
/** fail_timeout of the upstreams in deploy/nginx/quiz-arena.conf (checked against the file below). */
const NGINX_FAIL_TIMEOUT_MS = 2000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-instances-'));
const dbName = `qa_instances_${process.pid}`;
let dbUrl: string;
let instances: RunningServer[] = [];
let proxy: ChildProcess | null = null;
let proxyUrl: string;
let proxyLog = '';
let tokens: string[] = [];

/** nginx in the foreground with the shipped site file, its upstreams and port rewritten for this run. */
async function startProxy(upstreams: string[]): Promise<void> {
  const port = await freePort();
  let site = fs.readFileSync(path.join(process.cwd(), 'deploy/nginx/quiz-arena.conf'), 'utf8');
  // Every instance is named twice (calls and streams): 3001 is the first, 3002 the second.
  expect(site.match(/127\.0\.0\.1:3001/g)).toHaveLength(2);
  expect(site.match(/127\.0\.0\.1:3002/g)).toHaveLength(2);
  expect(site).toContain(`127.0.0.1:3001 max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_MS / 1000}s`);
  // nginx closes its idle connections to the instances before a stopping instance would close them.
  const idleTimeouts = [...site.matchAll(/^\s*keepalive_timeout (\d+)s;/gm)].map((m) => Number(m[1]) * 1000);
  expect(idleTimeouts).toHaveLength(2);
  for (const ms of idleTimeouts) expect(ms).toBeLessThan(PROXY_IDLE_CLOSE_MS);
  site = site.replaceAll('127.0.0.1:3001', upstreams[0]!.replace('http://', '')).replaceAll('127.0.0.1:3002', upstreams[1]!.replace('http://', ''));
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  const temp = (name: string) => path.join(work, name);
  const conf = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('nginx-error.log')} info;`,
    'events { worker_connections 4096; }',
    'http {',
    `  log_format upstreams '$msec $request_method $uri $status upstream=$upstream_addr statuses=$upstream_status';`,
    `  access_log ${temp('nginx-access.log')} upstreams;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp(t)};`),
    site,
    '}',
  ].join('\n');
  fs.writeFileSync(temp('nginx.conf'), conf);
  const check = spawnSync('nginx', ['-t', '-p', work, '-c', temp('nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the shipped configuration:\n${check.stderr}`);
  proxy = spawn('nginx', ['-p', work, '-c', temp('nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout!.on('data', (d) => (proxyLog += d));
  proxy.stderr!.on('data', (d) => (proxyLog += d));
  proxyUrl = `http://127.0.0.1:${port}`;
  await until('nginx to start', async () => (await fetch(`${proxyUrl}/healthz`).catch(() => null))?.status === 200, { explain: () => proxyLog });
}

beforeAll(async () => {
  if (!base) throw new Error('this test needs TEST_DATABASE_URL (a PostgreSQL server; .ci/run sets it)');
  if (spawnSync('nginx', ['-v']).error) throw new Error('this test needs nginx (apt-get install -y nginx-light; .ci/run installs it)');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  const env = { DATABASE_URL: dbUrl, DEV_OUTBOX: '1', TRUST_PROXY: '1', SHUTDOWN_GRACE_MS: '15000', METRICS_TOKEN, LOG_LEVEL: process.env.QA_INSTANCE_LOG_LEVEL ?? 'warn' };
  // The first start migrates and seeds; the second shares what the first wrote.
  instances = [await startServer({ settings: SETTINGS, env })];
  instances.push(await startServer({ env }));
  await startProxy(instances.map((i) => i.url));
  // Sign-ups straight to one instance: each player from an address of its own (nginx, as shipped,
  // replaces whatever address a caller claims, so per-address limits hold behind it).
  const direct = new BenchApi(instances[0]!.url);
  tokens = [];
  for (let i = 0; i < PLAYERS; i++) tokens.push(await signUpPlayer(direct, 9000 + i, 'instance player'));
});

afterAll(async () => {
  if (proxy && proxy.exitCode === null) {
    const exited = new Promise((r) => proxy!.once('exit', r));
    proxy.kill('SIGQUIT');
    await exited;
  }
  for (const instance of instances) await instance.stop().catch(() => undefined);
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (process.env.QA_KEEP_PROXY_LOG) for (const [i, instance] of instances.entries()) fs.writeFileSync(`${process.env.QA_KEEP_PROXY_LOG}.${i}`, instance.output());
  if (process.env.QA_KEEP_PROXY_LOG) fs.copyFileSync(path.join(work, 'nginx-access.log'), process.env.QA_KEEP_PROXY_LOG);
  if (process.env.QA_KEEP_PROXY_LOG) fs.copyFileSync(path.join(work, 'nginx-error.log'), `${process.env.QA_KEEP_PROXY_LOG}.error`);
  fs.rmSync(work, { recursive: true, force: true });
});

interface CallRecord {
  endpoint: string;
  status: number | 'network';
  detail: string;
}

/** A call through nginx; every answer is recorded. `retry`: a network failure or a 502/503 is tried again (the SIGKILL run). */
async function call(calls: CallRecord[], endpoint: string, body: Record<string, unknown>, token: string, retry = false): Promise<{ status: number; data: unknown; message: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${proxyUrl}/api/${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const text = await res.text();
      let json: { data: unknown; message: string };
      try {
        json = JSON.parse(text) as { data: unknown; message: string };
      } catch {
        // Not the app's answer (nginx's own error page): recorded as it came.
        const proxyErrors = fs.existsSync(path.join(work, 'nginx-error.log')) ? fs.readFileSync(path.join(work, 'nginx-error.log'), 'utf8').trim().split('\n').slice(-40).join('\n') : '';
        json = { data: null, message: `not JSON: ${text.replace(/\s+/g, ' ').slice(0, 60)}\nnginx: ${proxyErrors}` };
      }
      calls.push({ endpoint, status: res.status, detail: res.status === 200 ? '' : `${new Date().toISOString()} ${JSON.stringify(json).slice(0, 200)}` });
      if (retry && (res.status === 502 || res.status === 503) && attempt < 20) {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      return { status: res.status, data: json.data, message: json.message };
    } catch (error) {
      calls.push({ endpoint, status: 'network', detail: (error as Error).message });
      if (!retry || attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

interface BattleSeen {
  roomId: string;
  userId: number;
  /** The last document this member's feed delivered. */
  last: RoomDocument;
  /** Statuses the feed reported after it first went live ('reconnecting' is a visible break). */
  breaks: RoomFeedStatus[];
  /** Versions of the started game in which some member was shown as disconnected ("Reconnecting…" beside a name). */
  presenceBreaks: number;
}

/** How a player's battle travels: the room stream and HTTP calls, or the player's socket. */
type Transport = 'stream' | 'socket';
/** Players with an odd index play on the socket. */
const transportOf = (token: string): Transport => (tokens.indexOf(token) % 2 === 1 ? 'socket' : 'stream');
/** Answers sent over sockets (and received back), to show that the socket players really used them. */
const socketAnswers = { sent: 0 };

/** One player's battle: search, follow the room through nginx, answer each question as it opens, until it ends. */
async function playOneBattle(calls: CallRecord[], token: string, retry: boolean): Promise<BattleSeen> {
  const transport = transportOf(token);
  const search = await call(calls, 'find_random_match', { language_id: 1 }, token, retry);
  if (search.status !== 200) throw new Error(`find_random_match: ${search.status} ${search.message}`);
  const room = (search.data as { room: RoomDocument }).room;
  const me = await call(calls, 'get_user_by_id', {}, token, retry);
  if (me.status !== 200 || !me.data) throw new Error(`get_user_by_id: ${me.status} ${me.message}`);
  const userId = (me.data as { id: number }).id;
  const stream = createRoomFeed({ baseUrl: proxyUrl, minDelayMs: 250, maxDelayMs: 2000 });
  const socket =
    transport === 'socket'
      ? createPlayerSocket({ WebSocket: NodeWebSocket as never, baseUrl: proxyUrl.replace(/^http/, 'ws'), fallback: stream, minDelayMs: 250, maxDelayMs: 2000, idleCloseMs: 0 })
      : null;
  const feed = socket ?? stream;
  let last = room;
  let live = false;
  const breaks: RoomFeedStatus[] = [];
  let presenceBreaks = 0;
  let wake: (() => void) | null = null;
  const unsubscribe = feed.subscribe(
    room.id,
    token,
    (doc) => {
      last = doc;
      if (doc.status === 'started' && doc.players.some((p) => !p.connected)) presenceBreaks += 1;
      wake?.();
    },
    (status) => {
      if (status === 'live') live = true;
      else if (live) breaks.push(status);
    },
  );
  const answered = new Set<number>();
  const deadline = Date.now() + 120_000;
  try {
    while (last.status !== 'finished') {
      if (Date.now() > deadline) throw new Error(`room ${room.id} did not finish; last version ${last.version}, status ${last.status}`);
      const open = last.questions.find((q) => !q.closed && !answered.has(q.index) && Date.parse(q.opens_at) <= feed.serverNow());
      if (open) {
        answered.add(open.index);
        const choice = open.options[(userId + open.index) % open.options.length]!.key;
        const input = { room_id: room.id, question_index: String(open.index), answer: choice };
        // On the socket while it is ready; over HTTP otherwise (it opens, or its server stops).
        const overSocket = socket?.call('submit_room_answer', input, token);
        let res: { status: number; message: string };
        if (overSocket) {
          const answer = await overSocket;
          const body = answer.body as { message?: string } | null;
          socketAnswers.sent += 1;
          calls.push({ endpoint: 'submit_room_answer (socket)', status: answer.status === 0 ? 'network' : answer.status, detail: answer.status === 200 ? '' : `${new Date().toISOString()} ${JSON.stringify(body)}` });
          res = { status: answer.status, message: body?.message ?? '' };
          // Its instance went away before answering (the SIGKILL run): asked again over HTTP.
          if (answer.status === 0 && retry) res = await call(calls, 'submit_room_answer', input, token, retry);
        } else res = await call(calls, 'submit_room_answer', input, token, retry);
        // After a retried call the first attempt may have been taken: "already answered" is then right.
        if (res.status !== 200 && !(retry && res.message === 'already_answered')) throw new Error(`submit_room_answer: ${res.status} ${res.message}`);
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
  // A socket player's rooms never went to the room stream: the socket was had all along.
  if (socket) expect(socket.fellBack).toBe(false);
  return { roomId: room.id, userId, last, breaks, presenceBreaks };
}

/** Rounds of battles, everyone at once, until `until` resolves and one more round has been played. */
async function playRounds(until: Promise<unknown>, retry: boolean) {
  const calls: CallRecord[] = [];
  const seen: BattleSeen[] = [];
  let done = false;
  void until.then(() => (done = true));
  let rounds = 0;
  for (let extra = 0; extra < 1 || !done; ) {
    if (done) extra += 1;
    const round = await Promise.all(tokens.map((t) => playOneBattle(calls, t, retry)));
    seen.push(...round);
    rounds += 1;
    if (rounds > 12) throw new Error('the restarts took more than 12 rounds');
  }
  return { calls, seen, rounds };
}

async function checkBattles(calls: CallRecord[], seen: BattleSeen[]) {
  const rooms = new Map<string, BattleSeen[]>();
  for (const s of seen) rooms.set(s.roomId, [...(rooms.get(s.roomId) ?? []), s]);
  for (const [roomId, members] of rooms) {
    expect(members).toHaveLength(2);
    // Asked as a member of the room (seen holds each round's players in the order of `tokens`).
    const token = tokens[seen.findIndex((s) => s.roomId === roomId) % PLAYERS]!;
    const truth = (await call(calls, 'get_room', { room_id: roomId }, token, true)).data as { room: RoomDocument };
    for (const m of members) {
      expect(m.last.status).toBe('finished');
      expect(m.last.result).toEqual(truth.room.result);
      expect(m.last.players.map((p) => [p.user_id, p.points, p.correct])).toEqual(truth.room.players.map((p) => [p.user_id, p.points, p.correct]));
    }
    expect(truth.room.result!.reason).toBe('completed');
  }
  return rooms.size;
}

/** Every coin accounted for: balances equal their ledgers, the battles are zero-sum, one result per member. */
async function checkCoins(roomCount: number, userIds: readonly number[]) {
  const session = await openPostgresSession(dbUrl);
  try {
    const summary = await summarize(session);
    expect(summary.coins.mismatched).toBe('0');
    const [players] = await session.query<{ total: string }>(`SELECT sum(coins)::text AS total FROM users WHERE id = ANY($1::int[])`, [userIds]);
    expect(players!.total).toBe(String(userIds.length * WELCOME));
    const [results] = await session.query<{ rows: string; rooms: string; doubled: string }>(
      `SELECT count(*)::text AS rows, count(DISTINCT room_id)::text AS rooms,
         (SELECT count(*) FROM (SELECT room_id, user_id FROM battle_results GROUP BY 1, 2 HAVING count(*) > 1) d)::text AS doubled
       FROM battle_results`,
    );
    expect(Number(results!.rooms)).toBeGreaterThanOrEqual(roomCount);
    expect(results!.rows).toBe(String(Number(results!.rooms) * 2));
    expect(results!.doubled).toBe('0');
  } finally {
    await session.close();
  }
}

const userIdsOf = (seen: readonly BattleSeen[]) => [...new Set(seen.map((s) => s.userId))];

test('a rolling restart of both instances under load: 0 failed calls, no break on any stream, every battle and coin right', async () => {
  const restarts = (async () => {
    await new Promise((r) => setTimeout(r, 2500));
    const timings: number[] = [];
    for (const instance of instances) {
      const started = Date.now();
      await instance.terminate();
      await instance.start();
      timings.push(Date.now() - started);
      const ready = await fetch(`${instance.url}/readyz`);
      expect(ready.status).toBe(200);
      // As docs/deploy.md's rolling restart does: nginx takes an instance back once its
      // fail_timeout (2 s in the shipped file) has passed, so the next one waits that long.
      await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_MS + 1000));
    }
    return timings;
  })();
  // On a failure the restarts are still let finish, so the next test finds both instances up.
  const { calls, seen, rounds } = await playRounds(restarts, false).catch(async (error: unknown) => {
    await restarts.catch(() => undefined);
    throw error;
  });
  const timings = await restarts;
  const failed = calls.filter((c) => c.status !== 200);
  const rooms = await checkBattles(calls, seen);
  // The socket players answered over their sockets (restarts aside).
  expect(socketAnswers.sent).toBeGreaterThan(0);
  console.log(
    `rolling restart: ${calls.length} calls through nginx (${socketAnswers.sent} answers over sockets), ${failed.length} failed; ${rooms} battles in ${rounds} rounds; ` +
      `restarts took ${timings.map((t) => `${(t / 1000).toFixed(1)} s`).join(' and ')}; stream breaks: ${seen.reduce((n, s) => n + s.breaks.length, 0)}; versions showing a member disconnected: ${seen.reduce((n, s) => n + s.presenceBreaks, 0)}`,
  );
  expect(failed).toEqual([]);
  expect(seen.flatMap((s) => s.breaks)).toEqual([]);
  // Nor did anyone see an opponent as gone: the streams' closes were recorded after the handover.
  expect(seen.reduce((n, s) => n + s.presenceBreaks, 0)).toBe(0);
  // Each restarted instance reports its own calls since its start, and its PostgreSQL pool.
  for (const instance of instances) {
    const metrics = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^qa_database_connections\{engine="postgres"\} [1-9]/m);
    expect(metrics).toMatch(/^qa_api_calls_total\{endpoint="submit_room_answer",status="200"\} [1-9]/m);
  }
  await checkCoins(rooms, userIdsOf(seen));
});

test('in Chromium: two battle pages through nginx play on while both instances restart; no break shown, the result is the server\'s', async () => {
  const browser = await launchBrowser();
  try {
    const pages: Page[] = [];
    const users: { id: number; name: string }[] = [];
    for (const token of tokens.slice(0, 2)) {
      const me = await call([], 'get_user_by_id', {}, token);
      const user = me.data as { id: number; name: string; coins: number };
      users.push(user);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signInPage(page, { email: '', token, user });
      pages.push(page);
    }
    // The first searches and waits; the second finds it.
    for (const [i, page] of pages.entries()) {
      await page.goto(`${proxyUrl}/random-battle/`);
      await page.getByRole('radio', { name: /^1×/ }).waitFor();
      await page.getByRole('button', { name: 'Find an opponent' }).click();
      if (i === 0) await page.getByRole('heading', { name: 'Looking for an opponent' }).waitFor();
    }
    const answers = (page: Page) => page.getByRole('region', { name: 'Answers' }).getByRole('button', { disabled: false });
    const playQuestion = (n: number) =>
      Promise.all(
        pages.map(async (page) => {
          await page.getByText(`Question ${n} of 3`, { exact: true }).waitFor({ timeout: 30_000 });
          await answers(page).first().waitFor();
          await answers(page).first().click();
        }),
      );
    // A restart between every two questions: the first instance, then the second.
    const shown: string[] = [];
    for (const page of pages) page.on('console', (m) => m.type() === 'error' && shown.push(m.text()));
    // Whether "Reconnecting…" (the page's own connection, or beside a player) is ever on screen.
    const watch = `window.__sawReconnecting = 0; new MutationObserver(() => { if (document.body.innerText.includes('Reconnecting…')) window.__sawReconnecting += 1; }).observe(document.body, { subtree: true, childList: true, characterData: true });`;
    await Promise.all(pages.map((p) => p.evaluate(watch)));
    const reconnecting = () => Promise.all(pages.map((p) => p.evaluate('window.__sawReconnecting') as Promise<number>));
    await playQuestion(1);
    // The room this tab plays, as the page keeps it for a reload.
    const roomId = await pages[0]!.evaluate(() => window.sessionStorage.getItem('quiz-arena:battle-room:random'));
    expect(roomId).toMatch(/^r_/);
    for (const [n, instance] of instances.entries()) {
      await instance.terminate();
      await instance.start();
      await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_MS + 1000));
      expect(await reconnecting()).toEqual([0, 0]);
      await playQuestion(n + 2);
    }
    const title = (page: Page) => page.locator('h1#battle-result-title');
    await Promise.all(pages.map((p) => title(p).waitFor({ timeout: 30_000 })));
    const truth = ((await call([], 'get_room', { room_id: roomId }, tokens[0]!)).data as { room: RoomDocument }).room;
    expect(truth.result!.reason).toBe('completed');
    for (const page of pages) {
      // The result table: a row per player with its points and right answers, as the server has them.
      const rows = await page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
      expect(rows).toEqual(truth.result!.entries.map((e) => [String(e.points), String(e.correct)]));
    }
    expect(shown).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('in Chromium: a live game held by one instance, played by phones on the other: they join, see the question, answer and see their results through it', async () => {
  const [holder, other] = [instances[0]!, instances[1]!];
  const hostToken = tokens[0]!;
  const hostCall = async (name: string, body: Record<string, string | number>) => {
    const res = await fetch(`${holder.url}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${hostToken}` }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { error: boolean; data: LiveGameView };
    if (answer.error) throw new Error(`${name}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const game = await hostCall('live_create', { category: 'science', questions: 1, time_limit: 30 });
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const holderOf = async () => (await client.query<{ holder: string }>('select holder from live_games where id = $1', [game.id])).rows[0]!.holder;
  expect(await holderOf()).toBe(holder.url);
  const browser = await launchBrowser();
  const phase = (page: Page, name: string) => page.locator(`[data-live-phase="${name}"]`).waitFor({ timeout: 15_000 });
  try {
    const phones: Page[] = [];
    for (const nickname of ['Relayed Ana', 'Relayed Bo']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // The other instance's own address: its calls are sent on, its stream comes over the channel.
      await page.goto(`${other.url}/live/?pin=${game.pin}`);
      await page.getByRole('button', { name: 'Enter' }).click();
      await page.getByLabel('Nickname').fill(nickname);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await phase(page, 'playing.lobby');
      phones.push(page);
    }
    await hostCall('live_next', { game_id: game.id });
    await Promise.all(phones.map((p) => phase(p, 'playing.answering')));
    const text = (await phones[0]!.locator('#live-question').innerText()).trim();
    const right = LIVE_ANSWERS.get(text);
    if (!right) throw new Error(`no demo answer for "${text}"`);
    const tiles = (page: Page) => page.getByRole('group', { name: 'Answers' }).getByRole('button');
    await tiles(phones[0]!).filter({ hasText: right }).first().click();
    await phase(phones[0]!, 'playing.locked');
    await tiles(phones[1]!).filter({ hasNotText: right }).first().click();
    // Both answered: the question closes on the holder, and each phone here shows its own result.
    await Promise.all(phones.map((p) => phase(p, 'playing.result')));
    await phones[0]!.getByText('Right!').waitFor();
    await phones[1]!.getByText('Wrong').waitFor();
    // Still held by the first instance all along.
    expect(await holderOf()).toBe(holder.url);
    await hostCall('live_end', { game_id: game.id });
    await Promise.all(phones.map((p) => phase(p, 'playing.final')));
    await phones[1]!.getByText('You finished in place 2').waitFor();
  } finally {
    await client.end();
    await browser.close();
  }
});

test('one instance killed (SIGKILL): its players reconnect to the other, every battle ends once, every coin right', async () => {
  const crash = (async () => {
    await new Promise((r) => setTimeout(r, 2500));
    await instances[0]!.crash();
    // Down for a while, then back as a supervisor would bring it.
    await new Promise((r) => setTimeout(r, 8000));
    await instances[0]!.start();
  })();
  const { calls, seen, rounds } = await playRounds(crash, true);
  await crash;
  const failed = calls.filter((c) => c.status !== 200);
  const rooms = await checkBattles(calls, seen);
  const breaks = seen.reduce((n, s) => n + s.breaks.length, 0);
  console.log(`SIGKILL: ${calls.length} calls through nginx, ${failed.length} failed and retried; ${rooms} battles in ${rounds} rounds; streams that showed a break and came back: ${breaks}`);
  // The kill cut live streams (their feeds showed "reconnecting"), and every battle still ended.
  expect(breaks).toBeGreaterThan(0);
  await checkCoins(rooms, userIdsOf(seen));
});
