import { roomFeed, type RoomFeed } from '@/services/client/room-feed';
import { setSocketCaller } from '@/services/client/api';
import { createPlayerSocket, type PlayerSocket } from '@/services/client/player-socket';
import type { FirebaseWebConfig, WebSettings } from '@/services/store/settings-slice';

/** The Firebase config when the server writes rooms to Firestore (and Firebase is configured), else null. */
function firestoreConfigOf(settings: Pick<WebSettings, 'room_store' | 'firebase'> | null): FirebaseWebConfig | null {
  return settings?.room_store === 'firestore' && settings.firebase ? settings.firebase : null;
}

let firestore: { key: string; feed: Promise<RoomFeed> } | null = null;

/**
 * The room feed the web settings name: the player's socket with the room stream behind it
 * (embedded, the default) or Firestore.
 * The Firestore one is loaded with a dynamic import, so that the Firestore SDK stays out of the
 * bundle of every deployment that does not use it (ui.md, Weight); once per configuration.
 */
let socket: PlayerSocket | null = null;

/**
 * The player's socket (docs/rooms.md, "The socket"): made once per page, the room calls sent over
 * it while it is ready; its rooms go to the room stream where no socket can be had.
 */
export function playerSocket(): PlayerSocket {
  if (!socket) {
    socket = createPlayerSocket({ fallback: roomFeed });
    const made = socket;
    setSocketCaller((endpoint, input, token) => made.call(endpoint, input, token));
  }
  return socket;
}

export function getRoomFeed(settings: Pick<WebSettings, 'room_store' | 'firebase'> | null): Promise<RoomFeed> {
  const config = firestoreConfigOf(settings);
  // The embedded room store: the player's socket, with the room stream behind it.
  if (!config) return Promise.resolve(typeof WebSocket === 'undefined' ? roomFeed : playerSocket());
  const key = JSON.stringify(config);
  if (!firestore || firestore.key !== key) {
    const feed = import('@/services/client/room-feed-firestore').then((m) => m.createFirestoreRoomFeed(config));
    // A failed load (offline) is not kept: the next call tries again.
    feed.catch(() => {
      if (firestore?.feed === feed) firestore = null;
    });
    firestore = { key, feed };
  }
  return firestore.feed;
}
