import type { LiveReportItem } from '@/services/domain/live-report';

/** A game's state in a word, for the reports: running, finished (podium), ended early, left by its host. */
export const reportStatusKey = (item: Pick<LiveReportItem, 'status' | 'ended_reason'>): string =>
  `live.report.status.${item.status === 'ended' ? (item.ended_reason === 'abandoned' ? 'abandoned' : 'ended') : item.status === 'podium' ? 'finished' : 'running'}`;
