import type { SimulatedClock } from 'xstate';
import type { RoomCall, RoomFeedEvent, RoomFeedInput, RoomFeedSubscription, RoomIdPayload, SendRoomMessagePayload, SubmitRoomAnswerPayload } from '@/machines/battle-play/battle-room';
import { roomDelta } from '@/services/domain/room-events';
import { answerPoints, REVEAL_PAUSE_MS, settleRoom, type QuickMessage, type RoomAnswerView, type RoomDocument, type RoomPlayer, type RoomQuestion, type RoomType } from '@/services/domain/rooms';
import { defaultSettings } from '@/services/domain/settings';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';

/**
 * A room server for the battle machines' tests: it keeps one room document and changes it the
 * way docs/rooms.md says the room service does (versions, seats, readiness, questions opening one
 * at a time after a reveal pause, answers hidden until a question closes, points, settlement),
 * on the test's simulated clock. The machines' calls stay pending until the test answers them,
 * and the room feed delivers what the test publishes, so a test decides every ordering.
 */

/** The server's clock at simulated time 0. */
export const T0 = Date.parse('2026-03-02T10:00:00.000Z');
export const SEARCH_MS = 30_000;
export const QUESTION_MS = 30_000;
export const BASE_FEE = 5;

export interface Person {
  readonly user_id: number;
  readonly name: string;
  readonly image: string | null;
}
export const ME: Person = { user_id: 7, name: 'Ada Lovelace', image: null };
export const OTHERS: readonly Person[] = [
  { user_id: 8, name: 'Grace Hopper', image: '/uploads/profile/8.webp' },
  { user_id: 9, name: 'Linus Pauling', image: null },
  { user_id: 10, name: 'Margaret Hamilton', image: null },
];
export const BOT: Person = { user_id: 1, name: 'Quiz Bot', image: null };

/** The questions rooms are played with, with their right letters. */
export const BATTLE_QUESTIONS = [
  {
    id: 201,
    question: 'Which gas do plants take in from the air?',
    options: [
      { key: 'a', text: 'Oxygen' },
      { key: 'b', text: 'Carbon dioxide' },
      { key: 'c', text: 'Helium' },
      { key: 'd', text: 'Neon' },
    ],
    right: 'b',
  },
  {
    id: 202,
    question: 'How many continents are there?',
    options: [
      { key: 'a', text: 'Five' },
      { key: 'b', text: 'Six' },
      { key: 'c', text: 'Seven' },
      { key: 'd', text: 'Eight' },
    ],
    right: 'c',
  },
  {
    id: 203,
    question: 'Water boils at 100 °C at sea level.',
    options: [
      { key: 'a', text: 'True' },
      { key: 'b', text: 'False' },
    ],
    right: 'a',
  },
] as const;

export const rightKey = (index: number): string => BATTLE_QUESTIONS[index]!.right;
export const wrongKey = (index: number): string => BATTLE_QUESTIONS[index]!.options.find((o) => o.key !== rightKey(index))!.key;

const SETTINGS = defaultSettings();

export interface RoomOptions {
  readonly type: RoomType;
  readonly noOfQue?: number;
  readonly maxPlayers?: number;
  readonly entryFee?: number;
  /** Pause before question 0 opens (random rooms show "matched" meanwhile). */
  readonly firstPauseMs?: number;
}

export interface CreateRoomPayload {
  readonly room_type: 'friend' | 'group';
  readonly category: string | null;
  readonly no_of_que: number;
  readonly entry_fee: number;
}
export interface FindMatchPayload {
  readonly category: string | null;
  readonly fee_multiplier: number;
}

type Feed = {
  readonly roomId: string;
  readonly send: (event: RoomFeedEvent) => void;
  closed: boolean;
  /** The version this feed delivered last: the next one goes as a delta from it, as the room stream sends it. */
  sent: RoomDocument | null;
  /** Times the machine asked this feed to start again from the whole document. */
  resyncs: number;
};

export function fakeRoomServer(clock: SimulatedClock) {
  let doc: RoomDocument | null = null;
  let rooms = 0;
  const feeds: Feed[] = [];
  /** While true the feed delivers nothing (the connection dropped). */
  let dropped = false;
  /** Pause before question 0 opens, for the room open now. */
  let firstPauseMs = REVEAL_PAUSE_MS;
  /**
   * How the next question shows during the reveal pause: appended at the close with `opens_at` in
   * the future (false), or — as the room service does — appended only in the version that opens
   * it (true: `openNext`).
   */
  let appendOnOpen = false;
  const now = () => T0 + clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  const calls = {
    findMatch: controllableCall<RoomCall, FindMatchPayload>(),
    playWithBot: controllableCall<RoomCall, RoomIdPayload>(),
    leaveRoom: controllableCall<RoomCall, RoomIdPayload>(),
    sendMessage: controllableCall<RoomCall, SendRoomMessagePayload>(),
    submitAnswer: controllableCall<RoomCall, SubmitRoomAnswerPayload>(),
    createRoom: controllableCall<RoomCall, CreateRoomPayload>(),
    joinRoom: controllableCall<RoomCall, { room_code: string }>(),
    setReady: controllableCall<RoomCall, { room_id: string; ready: 0 | 1 }>(),
    startRoom: controllableCall<RoomCall, RoomIdPayload>(),
    deleteRoom: controllableCall<RoomCall, RoomIdPayload>(),
  };

  const room = (): RoomDocument => {
    if (!doc) throw new Error('no room yet');
    return doc;
  };

  /** The current version to one feed: a delta when it follows the one the feed delivered last, else the whole document. */
  const deliver = (feed: Feed, whole = false) => {
    if (!doc || feed.closed || feed.roomId !== doc.id) return;
    const sent = feed.sent;
    feed.sent = doc;
    if (!whole && sent && sent.id === doc.id && doc.version === sent.version + 1) feed.send({ type: 'room.delta', delta: roomDelta(sent, doc), serverNow: now() });
    else feed.send({ type: 'room.updated', doc, serverNow: now() });
  };

  /** Sends the current version to every open feed of the room (unless the connection dropped). */
  const publish = () => {
    if (!doc || dropped) return;
    for (const feed of feeds) deliver(feed);
  };

  /** Commits a change: a new version, published to the feeds. */
  const commit = (change: Partial<RoomDocument>, options: { publish?: boolean } = {}) => {
    const current = room();
    doc = { ...current, ...change, version: current.version + 1, updated_at: iso(now()) };
    if (options.publish !== false) publish();
    return doc;
  };

  const seat = (person: Person, seatNo: number, ready: boolean, isBot = false): RoomPlayer => ({
    ...person,
    is_bot: isBot,
    seat: seatNo,
    ready,
    points: 0,
    correct: 0,
    answered: 0,
    connected: true,
    grace_until: null,
    left: false,
  });

  const open = (options: RoomOptions, creator: Person, extra: Partial<RoomDocument> = {}) => {
    rooms += 1;
    const at = iso(now());
    doc = {
      id: `room_${rooms}`,
      version: 1,
      type: options.type,
      status: 'waiting',
      code: options.type === 'random' ? null : `QZ${rooms}K7P`.slice(0, 6),
      created_by: creator.user_id,
      language_id: 1,
      category: 'science',
      category_name: 'Science',
      entry_fee: options.entryFee ?? BASE_FEE,
      no_of_que: options.noOfQue ?? 2,
      seconds_per_question: QUESTION_MS / 1000,
      max_players: options.maxPlayers ?? (options.type === 'group' ? 4 : 2),
      vs_bot: false,
      search_deadline_at: options.type === 'random' ? iso(now() + SEARCH_MS) : null,
      players: [seat(creator, 0, true)],
      questions: [],
      current_index: 0,
      messages: [],
      result: null,
      created_at: at,
      updated_at: at,
      ...extra,
    };
    firstPauseMs = appendOnOpen ? 0 : (options.firstPauseMs ?? REVEAL_PAUSE_MS);
    return doc;
  };

  const question = (index: number, opensAt: number): RoomQuestion => {
    const source = BATTLE_QUESTIONS[index % BATTLE_QUESTIONS.length]!;
    return {
      index,
      id: source.id,
      question: source.question,
      question_type: source.options.length === 2 ? 'boolean' : 'multiple',
      image: null,
      options: source.options,
      opens_at: iso(opensAt),
      deadline_at: iso(opensAt + QUESTION_MS),
      closed: false,
      correct_answer: null,
      answers: room()
        .players.filter((p) => !p.left)
        .map((p) => ({ user_id: p.user_id, answered: false, answer: null, correct: null, points: null, elapsed_ms: null })),
    };
  };

  /** Picks made on open questions: hidden in the document until the question closes. */
  const picks = new Map<string, { answer: string; elapsed: number }>();
  const pickKey = (index: number, userId: number) => `${index}:${userId}`;

  const current = () => room().questions[room().questions.length - 1] ?? null;
  const inGame = () => room().players.filter((p) => !p.left);

  const finish = () => {
    const r = room();
    commit({ status: 'finished', result: settleRoom(r.type, r.entry_fee, r.vs_bot, r.players) });
  };

  const ops = {
    now,
    room,
    hasRoom: () => doc !== null,
    publish,
    /** Opens a random search for me. */
    openSearch: (feeMultiplier = 1) => open({ type: 'random', entryFee: BASE_FEE * feeMultiplier }, ME),
    /** A friend or group room I created, or one created by another (then I join it). */
    openRoom: (options: RoomOptions, creator: Person = ME) => open(options, creator),
    retrySearch: () => commit({ search_deadline_at: iso(now() + SEARCH_MS) }),
    join: (person: Person, options: { publish?: boolean } = {}) =>
      commit({ players: [...room().players, seat(person, room().players.length, room().type === 'random')] }, options),
    setReady: (userId: number, ready: boolean) => commit({ players: room().players.map((p) => (p.user_id === userId ? { ...p, ready } : p)) }),
    /** Starts the room: question 0 opens after the first pause. */
    start: () => {
      const r = room();
      doc = { ...r, status: 'started', search_deadline_at: null };
      return commit({ questions: [question(0, now() + firstPauseMs)], current_index: 0 });
    },
    /** A waiting random room becomes a game against the bot. */
    playBot: () => {
      const r = room();
      doc = { ...r, vs_bot: true, entry_fee: 0, players: [...r.players, seat(BOT, 1, true, true)] };
      return ops.start();
    },
    /** Records an answer; closes the question when everyone still in the game answered. */
    answer: (userId: number, key: string) => {
      const q = current()!;
      picks.set(pickKey(q.index, userId), { answer: key, elapsed: now() - Date.parse(q.opens_at) });
      const answers: RoomAnswerView[] = q.answers.map((a) => (a.user_id === userId ? { ...a, answered: true } : a));
      const updated = { ...q, answers };
      const everyone = inGame().every((p) => answers.some((a) => a.user_id === p.user_id && a.answered));
      if (!everyone) return commit({ questions: [...room().questions.slice(0, -1), updated] });
      doc = { ...room(), questions: [...room().questions.slice(0, -1), updated] };
      return ops.close();
    },
    /** Closes the open question (everyone answered, or its deadline passed): answers and points appear. */
    close: () => {
      const q = current()!;
      const source = BATTLE_QUESTIONS[q.index % BATTLE_QUESTIONS.length]!;
      const answers = q.answers.map((a) => {
        const pick = picks.get(pickKey(q.index, a.user_id));
        const correct = pick?.answer === source.right;
        return {
          ...a,
          answered: !!pick,
          answer: pick?.answer ?? null,
          correct: pick ? correct : false,
          points: pick ? answerPoints(correct, pick.elapsed, SETTINGS) : 0,
          elapsed_ms: pick?.elapsed ?? null,
        };
      });
      const players = room().players.map((p) => {
        const a = answers.find((x) => x.user_id === p.user_id);
        return a && a.answered ? { ...p, points: p.points + (a.points ?? 0), correct: p.correct + (a.correct ? 1 : 0), answered: p.answered + 1 } : p;
      });
      const closed: RoomQuestion = { ...q, closed: true, correct_answer: source.right, answers };
      const next = q.index + 1;
      doc = { ...room(), players, questions: [...room().questions.slice(0, -1), closed], current_index: next };
      if (next >= room().no_of_que) return finish();
      if (appendOnOpen) return commit({});
      return commit({ questions: [...room().questions, question(next, now() + REVEAL_PAUSE_MS)] });
    },
    /** Pace the room as the room service does: questions appear in the version that opens them. */
    appendQuestionsOnOpen: () => {
      appendOnOpen = true;
      firstPauseMs = 0;
    },
    /** Opens the next question now (after the reveal pause, as the room service does). */
    openNext: () => commit({ questions: [...room().questions, question(room().current_index, now())] }),
    /** A member leaves (or is out after the grace period). */
    leave: (userId: number) => {
      const r = room();
      if (r.status === 'waiting') {
        if (r.type === 'random' || r.created_by === userId) return commit({ status: 'deleted' });
        return commit({ players: r.players.filter((p) => p.user_id !== userId).map((p, i) => ({ ...p, seat: i })) });
      }
      doc = { ...r, players: r.players.map((p) => (p.user_id === userId ? { ...p, left: true, connected: false } : p)) };
      const humansLeft = inGame().filter((p) => !p.is_bot).length;
      if (r.type !== 'group' || inGame().length <= 1 || humansLeft === 0) return finish();
      return commit({});
    },
    remove: () => commit({ status: 'deleted' }),
    message: (userId: number, key: QuickMessage) => commit({ messages: [...room().messages, { user_id: userId, key, at: iso(now()) }] }),
    /** A dropped stream: the feed says it reconnects and delivers nothing meanwhile. */
    dropConnection: () => {
      dropped = true;
      for (const feed of openFeeds()) feed.send({ type: 'feed.status', status: 'reconnecting' });
    },
    /** Changes made while no feed hears of them (the room as it went on before a reloaded page's feed connected). */
    unseen: (change: () => void) => {
      const was = dropped;
      dropped = true;
      try {
        change();
      } finally {
        dropped = was;
      }
    },
    /** A (re)connection: the current document first, then `connected`, as the real feed does. */
    connect: () => {
      dropped = false;
      for (const feed of openFeeds()) {
        deliver(feed, true);
        feed.send({ type: 'feed.status', status: 'connected', serverNow: now() });
      }
    },
    /**
     * A version the feeds never delivered (a frame lost on the way): the room moves on twice and
     * only the second version's delta arrives, from a version the machine does not hold.
     */
    missVersion: () => {
      const missed = commit({}, { publish: false });
      const next = commit({}, { publish: false });
      if (dropped) return;
      for (const feed of openFeeds()) {
        if (feed.roomId !== next.id) continue;
        feed.sent = next;
        feed.send({ type: 'room.delta', delta: roomDelta(missed, next), serverNow: now() });
      }
    },
    /** The stream refuses the member: no such room, or not a member any more. */
    refuseStream: () => {
      for (const feed of openFeeds()) feed.send({ type: 'feed.status', status: 'gone' });
    },
  };

  const openFeeds = () => feeds.filter((f) => !f.closed);

  /**
   * The `roomFeed` service: subscribes to the room; nothing is sent until the test says so. A
   * resync sends the whole current document at once, as the stream does when it is reopened.
   */
  const roomFeed = (input: RoomFeedInput, send: (event: RoomFeedEvent) => void): RoomFeedSubscription => {
    const feed: Feed = { roomId: input.roomId, send, closed: false, sent: null, resyncs: 0 };
    feeds.push(feed);
    const stop = () => {
      feed.closed = true;
    };
    return Object.assign(stop, {
      resync: () => {
        feed.resyncs += 1;
        if (!dropped) deliver(feed, true);
      },
    });
  };
  /** Resyncs the machines asked of the feeds so far. */
  const resyncs = () => feeds.reduce((n, f) => n + f.resyncs, 0);

  const ok = (d: RoomDocument): RoomCall => ({ ok: true, data: { room: d } });
  const settle = async (call: { resolve(v: RoomCall): void }, outcome: RoomCall) => {
    call.resolve(outcome);
    await flushPromises();
  };

  /** Answers the latest pending call of `name` with the room as it is now, or with a refusal. */
  const answer = {
    ok: (name: keyof typeof calls) => settle(calls[name].last(), ok(room())),
    refuse: (name: keyof typeof calls, code: string | null) => settle(calls[name].last(), { ok: false, code }),
    /** The call threw (no answer at all). */
    fail: async (name: keyof typeof calls) => {
      calls[name].last().reject(new Error('network'));
      await flushPromises();
    },
  };

  /** Calls made and not answered, by name (only the names with some). */
  const pending = () =>
    Object.fromEntries(
      Object.entries(calls)
        .map(([name, call]) => [name, call.pending().length] as const)
        .filter(([, n]) => n > 0),
    );

  return { calls, ops, answer, pending, roomFeed, feeds: openFeeds, resyncs, ok, now };
}

export type FakeRoomServer = ReturnType<typeof fakeRoomServer>;
