import type { RoomCall, RoomFeedEvent, RoomFeedInput, RoomFeedSubscription } from '@/machines/battle-play/battle-room';
import type { GroupBattleServices } from '@/machines/group-battle/group-battle.machine';
import type { RandomBattleServices } from '@/machines/random-battle/random-battle.machine';
import type { ApiResult } from '@/services/client/api';
import { getUserCoinScore } from '@/services/client/accounts-api';
import type { RoomFeed, RoomFeedStatus, RoomSubscription } from '@/services/client/room-feed';
import { getRoomFeed } from '@/services/client/room-feed-select';
import * as roomsApi from '@/services/client/rooms-api';
import type { RoomDelta } from '@/services/domain/room-events';
import type { RoomDocument } from '@/services/domain/rooms';
import { selectToken, selectWebSettings } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';
import { coinsChanged } from '@/services/store/user-slice';

/**
 * The battle machines' effects against the real server (the actor contract of
 * machines/battle-play/battle-room.ts): room commands through rooms-api.ts, and the `roomFeed`
 * callback actor on the room feed the web settings name (the room stream, or Firestore).
 *
 * The header's coin balance follows the room: fees are taken when a room starts and paid out when
 * it finishes (docs/rooms.md, Coins), but room answers carry no balance, so the balance is read
 * again (`get_user_coin_score`) whenever a room with a fee is seen to start or finish — by a
 * command's answer or by the feed, whichever comes first.
 */

/**
 * The server's time now (epoch ms), as the room feed estimates it: the page's clock corrected by
 * the offset measured from the stream's `clock` events (the Firestore feed has no such reading and
 * answers the page's clock). The one place the battle pages read a clock for the machines.
 */
export function estimateServerNow(feed: Pick<RoomFeed, 'serverNow'>): number {
  return feed.serverNow();
}

/** What the live services need from the page; tests pass fakes. */
export interface BattleServiceDeps {
  /** The room feed to follow rooms on (chosen from the web settings). */
  readonly feed: () => Promise<RoomFeed>;
  /** The player's api_token (the room stream sends it as a Bearer header). */
  readonly token: () => string | null;
  /** A room's current document (`get_room`), read after a reconnection. */
  readonly getRoom: (roomId: string) => Promise<RoomCall>;
  /** Reads the balance again and hands it to the header. */
  readonly refreshCoins: () => void;
}

/**
 * Calls the header's balance refresh when a room that moves coins is first seen started (the fee
 * was taken) and first seen finished (the payout). Documents older than one already seen are
 * ignored, so a late command answer does not count a start twice.
 */
export interface CoinWatcher {
  (doc: RoomDocument): void;
  /** A version that came as a delta (the status, fee and bot flag it sets, over what was seen before). */
  delta(delta: RoomDelta): void;
}

type Watched = Pick<RoomDocument, 'version' | 'status' | 'entry_fee' | 'vs_bot'>;

/**
 * Refreshes the player's coins when a room with a fee (not against the bot) starts (the fee was
 * taken) or finishes (the pot was paid out), once per room and change of status, from the
 * documents and deltas the battle sees.
 */
export function createCoinWatcher(refreshCoins: () => void): CoinWatcher {
  const seen = new Map<string, Watched>();
  const observe = (id: string, now: Watched) => {
    const held = seen.get(id);
    if (held && held.version >= now.version) return;
    seen.set(id, now);
    if (held?.status === now.status || now.vs_bot || now.entry_fee === 0) return;
    if (now.status === 'started' || now.status === 'finished') refreshCoins();
  };
  return Object.assign((doc: RoomDocument) => observe(doc.id, { version: doc.version, status: doc.status, entry_fee: doc.entry_fee, vs_bot: doc.vs_bot }), {
    delta(delta: RoomDelta) {
      const held = seen.get(delta.id);
      // A delta only follows a document: a room never seen whole is not watched.
      if (!held) return;
      let next: Watched = { ...held, version: delta.version };
      for (const event of delta.events) {
        if (event.t !== 'room') continue;
        const { status, entry_fee, vs_bot } = event.set;
        next = { ...next, ...(status !== undefined ? { status } : {}), ...(entry_fee !== undefined ? { entry_fee } : {}), ...(vs_bot !== undefined ? { vs_bot } : {}) };
      }
      observe(delta.id, next);
    },
  });
}

/** After a reconnection, how often and how far apart the room is read when the read fails; also the pause before loading a feed again. */
const REREAD_ATTEMPTS = 5;
const REREAD_DELAY_MS = 2000;

/**
 * The `roomFeed` actor: follows one room and speaks the machines' RoomFeedEvent.
 *
 * - each document → `room.updated` with the server's time of its arrival; each delta → `room.delta`
 *   (the machine folds it into what it holds, and on a gap calls the subscription's `resync`);
 * - the feed (re)connected → `feed.status connected`, sent after the first document of that
 *   connection so the machine resumes from a current document. A reconnecting stream sends
 *   `Last-Event-ID` and the server skips the document the client already holds, and a Firestore
 *   listener re-attached to an unchanged room delivers nothing new: so after a reconnection the
 *   room is also read once with `get_room`, and whichever document comes first confirms the
 *   connection;
 * - `reconnecting` → `feed.status reconnecting`; `not_found` / `unauthorised` (final) → `gone`.
 *
 * The feed is chosen asynchronously (the Firestore one is loaded on demand): an unsubscribe
 * before it is ready cancels the subscription.
 */
export function followRoom(deps: BattleServiceDeps, watch: CoinWatcher, input: RoomFeedInput, send: (event: RoomFeedEvent) => void): RoomFeedSubscription {
  let stopped = false;
  let unsubscribe: RoomSubscription | null = null;
  let reconnected = false;
  /** A (re)connection not yet confirmed to the machine: waits for its first document. */
  let awaitingDoc = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const deliver = (feed: RoomFeed, doc: RoomDocument) => {
    if (stopped || doc.id !== input.roomId) return;
    watch(doc);
    const serverNow = estimateServerNow(feed);
    send({ type: 'room.updated', doc, serverNow });
    if (awaitingDoc) {
      awaitingDoc = false;
      send({ type: 'feed.status', status: 'connected', serverNow });
    }
  };

  /** Reads the room once after a reconnection; tries again a few times while nothing confirmed it. */
  const readCurrent = (feed: RoomFeed, attempt: number) => {
    void deps.getRoom(input.roomId).then((outcome) => {
      if (stopped || !awaitingDoc) return;
      if (outcome.ok) deliver(feed, outcome.data.room);
      else if (attempt + 1 < REREAD_ATTEMPTS) retryTimer = setTimeout(() => readCurrent(feed, attempt + 1), REREAD_DELAY_MS);
    });
  };

  const onStatus = (feed: RoomFeed, status: RoomFeedStatus) => {
    if (stopped) return;
    if (status === 'live') {
      awaitingDoc = true;
      if (reconnected) readCurrent(feed, 0);
    } else if (status === 'reconnecting') {
      reconnected = true;
      awaitingDoc = false;
      send({ type: 'feed.status', status: 'reconnecting' });
    } else if (status === 'not_found' || status === 'unauthorised') {
      awaitingDoc = false;
      send({ type: 'feed.status', status: 'gone' });
    }
  };

  const connect = () => {
    deps.feed().then(
      (feed) => {
        if (stopped) return;
        unsubscribe = feed.subscribe(
          input.roomId,
          deps.token() ?? '',
          (doc) => deliver(feed, doc),
          (status) => onStatus(feed, status),
          (delta) => {
            if (stopped || delta.id !== input.roomId) return;
            watch.delta(delta);
            send({ type: 'room.delta', delta, serverNow: estimateServerNow(feed) });
          },
        );
      },
      // The Firestore feed could not be loaded (offline): the machine shows the lost connection
      // and the load is tried again (a failed load is not kept by getRoomFeed).
      () => {
        if (stopped) return;
        send({ type: 'feed.status', status: 'reconnecting' });
        retryTimer = setTimeout(connect, REREAD_DELAY_MS);
      },
    );
  };
  connect();

  const stop = () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    unsubscribe?.();
    unsubscribe = null;
  };
  return Object.assign(stop, { resync: () => unsubscribe?.resync?.() });
}

/** A command's answer as the machines take it, after the coin watcher saw its document. */
async function watched(call: Promise<ApiResult<roomsApi.RoomAnswer>>, watch: (doc: RoomDocument) => void): Promise<RoomCall> {
  const outcome = await call;
  if (outcome.ok) watch(outcome.data.room);
  return outcome;
}

/** The commands both battle machines share, and their feed. */
function sharedServices(deps: BattleServiceDeps) {
  const watch = createCoinWatcher(deps.refreshCoins);
  return {
    watch,
    leaveRoom: (payload: { room_id: string }) => watched(roomsApi.leaveRoom(payload), watch),
    sendMessage: (payload: Parameters<typeof roomsApi.sendRoomMessage>[0]) => watched(roomsApi.sendRoomMessage(payload), watch),
    submitAnswer: (payload: Parameters<typeof roomsApi.submitRoomAnswer>[0]) => watched(roomsApi.submitRoomAnswer(payload), watch),
    roomFeed: (input: RoomFeedInput, send: (event: RoomFeedEvent) => void) => followRoom(deps, watch, input, send),
  };
}

export function createRandomBattleServices(deps: BattleServiceDeps): RandomBattleServices {
  const { watch, ...shared } = sharedServices(deps);
  return {
    ...shared,
    findMatch: (payload) => watched(roomsApi.findRandomMatch(payload), watch),
    playWithBot: (payload) => watched(roomsApi.playWithBot(payload), watch),
  };
}

export function createGroupBattleServices(deps: BattleServiceDeps): GroupBattleServices {
  const { watch, ...shared } = sharedServices(deps);
  return {
    ...shared,
    createRoom: (payload) => watched(roomsApi.createRoom(payload), watch),
    joinRoom: (payload) => watched(roomsApi.joinRoom(payload), watch),
    setReady: (payload) => watched(roomsApi.setRoomReady(payload), watch),
    startRoom: (payload) => watched(roomsApi.startRoom(payload), watch),
    deleteRoom: (payload) => watched(roomsApi.deleteRoom(payload), watch),
  };
}

/** The page's store, feed and API: what the battle pages run on. */
export const liveBattleDeps: BattleServiceDeps = {
  feed: () => getRoomFeed(selectWebSettings(getAppStore().getState())),
  token: () => selectToken(getAppStore().getState()),
  getRoom: (roomId) => roomsApi.getRoom({ room_id: roomId }),
  refreshCoins: () => {
    void getUserCoinScore().then((result) => {
      if (result.ok) getAppStore().dispatch(coinsChanged(result.data.coins));
    });
  },
};

/** The live random-battle services (one coin watcher per page that makes them). */
export const liveRandomBattleServices = (): RandomBattleServices => createRandomBattleServices(liveBattleDeps);
export const liveGroupBattleServices = (): GroupBattleServices => createGroupBattleServices(liveBattleDeps);
