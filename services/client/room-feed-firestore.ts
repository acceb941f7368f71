import { doc, getFirestore, onSnapshot, type DocumentData, type Firestore, type FirestoreError } from 'firebase/firestore';
import { isNewerRoom, type RoomDocument } from '@/services/domain/rooms';
import { firebaseWebApp } from '@/services/client/identity/firebase';
import type { RoomFeed, RoomFeedStatus } from '@/services/client/room-feed';
import type { FirebaseWebConfig } from '@/services/store/settings-slice';

/**
 * The room feed when the server writes rooms to Firestore (ROOM_STORE=firestore; docs/rooms.md,
 * Room store adapters): the web SDK's `onSnapshot` on `rooms/<id>`, read as the player signed in
 * with Firebase Auth on the page's default Firebase app — firestore.rules lets only the room's
 * members read it. Same interface and guarantees as the embedded feed (room-feed.ts): versions
 * once and in order, back-off 0.5 s → 5 s when the listener fails.
 *
 * This module pulls in the Firestore SDK: it is loaded with a dynamic import, only when the web
 * settings name the firestore room store (room-feed-select.ts; ui.md, Weight).
 */

/**
 * Reads refused this many times in a row end as not_found. A refusal is also what a member sees
 * for a room whose first document is not written yet (the rules find no member list), so a few
 * are retried first.
 */
const DENIALS_BEFORE_NOT_FOUND = 5;

export interface FirestoreRoomFeedOptions {
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
}

/** The stored document without what only the store and its rules use. */
const STORE_ONLY_FIELDS = new Set(['member_uids', 'written_at']);

function roomOf(data: DocumentData): RoomDocument {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !STORE_ONLY_FIELDS.has(key))) as unknown as RoomDocument;
}

export function createFirestoreRoomFeed(config: FirebaseWebConfig, options: FirestoreRoomFeedOptions = {}): RoomFeed {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 5000;
  let db: Firestore | undefined;

  return {
    // Firestore documents carry no reading of the server's clock: the page's clock stands in.
    serverNow: () => Date.now(),
    // The api_token is not used: Firestore checks the page's Firebase Auth session.
    subscribe(roomId, _token, onDoc, onStatus = () => undefined) {
      db ??= getFirestore(firebaseWebApp(config));
      const ref = doc(db, 'rooms', roomId);
      let stopped = false;
      let held: RoomDocument | null = null;
      let failures = 0;
      let denials = 0;
      let status: RoomFeedStatus | null = null;
      let unlisten: (() => void) | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;

      const report = (next: RoomFeedStatus) => {
        if (stopped || status === next) return;
        status = next;
        onStatus(next);
      };

      function stop() {
        stopped = true;
        if (retry) clearTimeout(retry);
        retry = null;
        unlisten?.();
        unlisten = null;
      }

      function failed(error: FirestoreError) {
        unlisten = null; // a listener that reported an error is already gone
        if (stopped) return;
        if (error.code === 'unauthenticated') {
          report('unauthorised');
          return stop();
        }
        if (error.code === 'permission-denied') {
          denials += 1;
          if (denials >= DENIALS_BEFORE_NOT_FOUND) {
            report('not_found');
            return stop();
          }
        }
        report('reconnecting');
        const delay = Math.min(maxDelay, minDelay * 2 ** failures);
        failures += 1;
        retry = setTimeout(() => {
          retry = null;
          listen();
        }, delay);
      }

      function listen() {
        if (stopped) return;
        unlisten = onSnapshot(
          ref,
          (snapshot) => {
            if (stopped) return;
            failures = 0;
            denials = 0;
            report('live');
            const data = snapshot.data();
            if (!data) return; // not written yet: the first version is on its way
            const room = roomOf(data);
            if (room.id !== roomId || !isNewerRoom(held, room)) return;
            held = room;
            onDoc(room);
          },
          failed,
        );
      }

      report('connecting');
      listen();
      return stop;
    },
  };
}
