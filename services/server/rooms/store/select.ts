import type { Logger } from 'pino';
import type { Pool } from 'pg';
import type { DocumentReference } from 'firebase-admin/firestore';
import { inArray, sql } from 'drizzle-orm';
import type { RoomDocument } from '@/services/domain/rooms';
import type { ServerConfig } from '@/services/server/config';
import type { Database, Db } from '@/services/server/db/client';
import { users } from '@/services/server/db/schema';
import { readRoomHead } from '@/services/server/rooms/repository';
import { createLocalRoomFanout } from '@/services/server/rooms/store/embedded';
import { createFirestoreRoomStore, type RoomFirestore, type RoomFirestoreHandle } from '@/services/server/rooms/store/firestore';
import { createPgNotifyRoomStore, ROOM_CHANNEL, type ListenConnection } from '@/services/server/rooms/store/pg-notify';
import type { RoomStore } from '@/services/server/rooms/store/port';

/**
 * The configured room store (docs/rooms.md, Room store adapters):
 * - PGlite: in-process fan-out only (one process owns the data directory);
 * - PostgreSQL: the same, plus LISTEN/NOTIFY between the processes sharing the database;
 * - ROOM_STORE=firestore: either of those, plus every version written to Firestore.
 */
export interface RoomStoreSeams {
  /** Stands in for firebase-admin's Firestore (tests: tests/fakes/fake-firestore.ts). */
  readonly loadFirestore?: (projectId: string) => Promise<RoomFirestoreHandle<unknown>>;
}

export function createRoomStore(config: Pick<ServerConfig, 'roomStore' | 'firebase'>, database: Database, log: Logger, seams: RoomStoreSeams = {}): RoomStore {
  const embedded = database.kind === 'postgres' ? createCrossProcessStore(database, log) : createLocalRoomFanout();
  if (config.roomStore !== 'firestore') return embedded;
  const projectId = config.firebase?.projectId;
  if (!projectId) throw new Error('ROOM_STORE=firestore needs Firebase configured: IDENTITY_PROVIDER=firebase and FIREBASE_PROJECT_ID');
  return createFirestoreRoomStore({
    inner: embedded,
    firestore: () => (seams.loadFirestore ?? loadFirestore)(projectId),
    firebaseUids: (ids) => firebaseUids(database.db, ids),
    log: log.child({ component: 'room-store' }),
  });
}

function createCrossProcessStore(database: Database, log: Logger) {
  const pool = poolOf(database);
  return createPgNotifyRoomStore({
    local: createLocalRoomFanout(),
    async openListenConnection() {
      const { Client } = await import('pg');
      // The pool's settings, but a connection of its own: LISTEN keeps it for as long as we run.
      return new Client({
        ...pool.options,
        application_name: 'quiz-arena room notifications',
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      }) satisfies ListenConnection;
    },
    async notify(payload) {
      await database.db.execute(sql`select pg_notify(${ROOM_CHANNEL}, ${payload})`);
    },
    readRooms: (ids) => readRoomDocuments(database.db, ids),
    log: log.child({ component: 'room-store' }),
  });
}

/** The node-postgres pool behind a PostgreSQL Database (Drizzle exposes its client as `$client`). */
function poolOf(database: Database): Pool {
  const pool = (database.db as unknown as { $client?: Pool }).$client;
  if (!pool || typeof pool.options !== 'object') throw new Error('the PostgreSQL database has no connection pool to copy settings from');
  return pool;
}

/** The current documents of these rooms (those that exist): each one's snapshot with its events folded in. */
export async function readRoomDocuments(db: Db, ids: readonly string[]): Promise<RoomDocument[]> {
  const docs: RoomDocument[] = [];
  for (const id of ids) {
    const head = await readRoomHead(db, id);
    if (head) docs.push(head.doc);
  }
  return docs;
}

async function firebaseUids(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, uid: users.firebaseId }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.uid]));
}

/** firebase-admin's Firestore for the project, on the app the identity provider uses too. */
async function loadFirestore(projectId: string): Promise<RoomFirestoreHandle<DocumentReference>> {
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { FieldValue, getFirestore } = await import('firebase-admin/firestore');
  const appName = `quiz-arena:${projectId}`;
  const app = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId }, appName);
  const db: RoomFirestore<DocumentReference> = getFirestore(app);
  return { db, serverTimestamp: () => FieldValue.serverTimestamp() };
}
