import type { Logger } from 'pino';
import type { Database } from '@/services/server/db/client';
import { createSessionCache, type SessionCache } from '@/services/server/accounts/session-cache';
import type { ServerConfig } from '@/services/server/config';
import { createSettingsService, type SettingsService } from '@/services/server/settings/service';
import type { IdentityProvider } from '@/services/server/identity/provider';
import { createIdentityProvider } from '@/services/server/identity/select';
import { createMailSender, type MailSender } from '@/services/server/mail/mailer';
import { createSmsSender, type SmsSender } from '@/services/server/mail/sms';
import type { RoomStore } from '@/services/server/rooms/store/port';
import { createRoomService, type RoomService, type RoomServiceOptions } from '@/services/server/rooms/service';
import { createRoomStore } from '@/services/server/rooms/store/select';
import { createExamSweeper, type ExamSweeper } from '@/services/server/exams/service';
import { createContestPrizeJob, type ContestPrizeJob } from '@/services/server/contests/service';
import type { NotificationBus } from '@/services/server/notifications/bus';
import { createNotificationBusFor } from '@/services/server/notifications/select-bus';
import { createNotificationDelivery, type NotificationDelivery } from '@/services/server/notifications/sends';
import { LiveService } from '@/services/server/live/service';
import { AssignmentService } from '@/services/server/assignments/service';
import { realClock, type LiveClock } from '@/services/server/live/game';

/** The services every handler can reach through its request context. */
export interface AppServices {
  readonly database: Database;
  readonly config: ServerConfig;
  readonly log: Logger;
  readonly settings: SettingsService;
  /** The sessions behind api tokens, held in memory and dropped on any change (session-cache.ts); listens once started. */
  readonly sessions: SessionCache;
  /** Verifies identity proofs (IDENTITY_PROVIDER: the built-in provider or Firebase Auth). */
  readonly identity: IdentityProvider;
  /** SMTP when SMTP_URL is set, otherwise the log (and the dev outbox). */
  readonly mail: MailSender;
  readonly sms: SmsSender;
  /** Where committed room documents go (docs/rooms.md, Room store adapters). */
  readonly roomStore: RoomStore;
  /** The battle rooms (docs/rooms.md); also the room stream's feed source. Its sweep runs once started. */
  readonly rooms: RoomService;
  /** Ends exam attempts that fell due (deadline, hidden page, page gone); runs once started. */
  readonly exams: ExamSweeper;
  /** Pays the prizes of ended contests, once each; runs once started. */
  readonly contestPrizes: ContestPrizeJob;
  /** Live notifications to the players with the app open (their notification streams). */
  readonly notificationBus: NotificationBus;
  /** Delivers operators' notifications in batches; runs once started, resumes after a restart. */
  readonly notificationDelivery: NotificationDelivery;
  /** Hosted live games (docs/live.md); running games are taken up once started. */
  readonly live: LiveService;
  /** Self-paced assignments (docs/live.md, "Assignments"), timed by `clock`. */
  readonly assignments: AssignmentService;
  /**
   * The clock solo plays, contests and exams are timed by: when a question or an exam opens, its
   * deadline, when an answer counts as arrived, what the exam sweep finds due. The wall clock; a
   * test moves its own, to the millisecond.
   */
  readonly clock: PlayClock;
}

export interface PlayClock {
  now(): number;
}

export const wallClock: PlayClock = { now: () => Date.now() };

/** Test seams of the services (a clock and random numbers for the room service). */
export interface AppServiceOptions {
  readonly rooms?: Pick<RoomServiceOptions, 'now' | 'random' | 'sweepIntervalMs'>;
  /** The live games' clock (a test moves it). */
  readonly live?: { readonly clock?: LiveClock };
  /** The solo plays', contests' and exams' clock (a test moves it). */
  readonly clock?: PlayClock;
}

export function createAppServices(database: Database, config: ServerConfig, log: Logger, options: AppServiceOptions = {}): AppServices {
  const clock = options.clock ?? wallClock;
  const services = {
    clock,
    database,
    config,
    log,
    settings: createSettingsService(database.db),
    sessions: createSessionCache({ database, log }),
    identity: createIdentityProvider(config, database.db),
    mail: createMailSender(config, database.db, log),
    sms: createSmsSender(config, database.db, log),
    roomStore: createRoomStore(config, database, log),
    notificationBus: createNotificationBusFor(database, log),
  };
  return {
    ...services,
    rooms: createRoomService({ database, settings: services.settings, store: services.roomStore, log, ...options.rooms }),
    exams: createExamSweeper(database.db, log, clock),
    contestPrizes: createContestPrizeJob(database.db, () => services.settings.current(), log),
    notificationDelivery: createNotificationDelivery(database.db, services.notificationBus, log.child({ component: 'notifications' })),
    live: new LiveService(database.db, log.child({ component: 'live' }), options.live?.clock ?? realClock, { node: config.liveNodeUrl, settings: () => services.settings.current() }),
    assignments: new AssignmentService(database.db, clock),
  };
}
