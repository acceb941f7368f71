import client from 'prom-client';

/**
 * The server's figures in Prometheus' format (GET /metrics, docs/deploy.md "What to watch"),
 * through prom-client, in a registry of their own. Counters and histograms are fed where things
 * happen (the gateway, the group commit, the notification delivery); gauges are read when scraped
 * from the running instance (`bindGauges`).
 */
export const registry = new client.Registry();

let defaultsCollected = false;
/** Node's own figures (event-loop delay, heap, garbage collection, handles), once per process. */
export function collectDefaultMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'qa_', eventLoopMonitoringPrecision: 10 });
}

export const apiCalls = new client.Counter({
  name: 'qa_api_calls_total',
  help: 'API calls answered, by endpoint and HTTP status',
  labelNames: ['endpoint', 'status'] as const,
  registers: [registry],
});

export const apiCallDuration = new client.Histogram({
  name: 'qa_api_call_duration_seconds',
  help: 'Time from a call arriving at the gateway to its answer (streams: to their first frame), by endpoint',
  labelNames: ['endpoint'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const roomCommitBatches = new client.Counter({
  name: 'qa_room_commit_batches_total',
  help: 'Batches written by the room group commit (decision 022)',
  registers: [registry],
});

export const roomCommitVersions = new client.Counter({
  name: 'qa_room_commit_versions_total',
  help: 'Room versions written by the group commit',
  registers: [registry],
});

export const roomCommitWait = new client.Histogram({
  name: 'qa_room_commit_wait_seconds',
  help: 'How long a room version waited for its group commit',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

export const notificationRows = new client.Counter({
  name: 'qa_notification_rows_delivered_total',
  help: 'Notification rows written by the delivery job',
  registers: [registry],
});

export const notificationBatches = new client.Counter({
  name: 'qa_notification_batches_total',
  help: 'Batches run by the notification delivery job',
  registers: [registry],
});

/** What the gauges read from the running instance. */
export interface GaugeSources {
  roomStreams(): number;
  notificationStreams(): number;
  /** Players' sockets open (GET /api/socket). */
  playerSockets(): number;
  /** Rooms this instance is running (with a timer of theirs pending here). */
  activeRooms(): number;
  /** Requests being answered now: calls, pages, scripts, uploads (streams not counted). */
  callsInFlight(): number;
  /** 1 while the instance drains for a shutdown. */
  draining(): number;
  /** PostgreSQL: the pool's connections; PGlite on its thread: statements waiting for it; null: nothing to read. */
  database(): { engine: 'pglite' | 'postgres'; total?: number; idle?: number; waiting: number } | null;
}

let sources: GaugeSources | null = null;

/** Connects the gauges to the running instance (server.ts, once its runtime is up). */
export function bindGauges(next: GaugeSources | null): void {
  sources = next;
}

function gauge(name: string, help: string, read: (s: GaugeSources) => number | undefined): void {
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = sources ? read(sources) : undefined;
      if (value !== undefined) this.set(value);
    },
  });
}

gauge('qa_room_streams_open', 'Open room streams (GET /api/rooms/<id>/events)', (s) => s.roomStreams());
gauge('qa_notification_streams_open', 'Open notification streams', (s) => s.notificationStreams());
gauge('qa_player_sockets_open', "Open players' sockets (GET /api/socket)", (s) => s.playerSockets());
gauge('qa_rooms_active', 'Rooms with a timer pending on this instance', (s) => s.activeRooms());
gauge('qa_calls_in_flight', 'Requests being answered now (API calls, pages, scripts, uploads; streams not counted)', (s) => s.callsInFlight());
gauge('qa_draining', '1 while the instance drains before it stops', (s) => s.draining());
/** A gauge by database engine, present only where the engine has the figure (no misleading 0). */
function databaseGauge(name: string, help: string, read: (d: NonNullable<ReturnType<GaugeSources['database']>>) => number | undefined): void {
  new client.Gauge({
    name,
    help,
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const figures = sources?.database();
      const value = figures ? read(figures) : undefined;
      if (figures && value !== undefined) this.labels(figures.engine).set(value);
    },
  });
}

databaseGauge('qa_database_connections', 'PostgreSQL pool connections', (d) => d.total);
databaseGauge('qa_database_connections_idle', 'Idle PostgreSQL pool connections', (d) => d.idle);
databaseGauge('qa_database_waiting', 'Pool clients waiting for a connection (PostgreSQL), or statements queued for the embedded database thread (PGLITE_THREAD=worker)', (d) => d.waiting);

export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
