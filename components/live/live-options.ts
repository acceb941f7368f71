import type { SelectOption } from '@/components/ui/select-field';
import { LIVE_POINTS, LIVE_TIME_LIMITS } from '@/services/domain/live';

type T = (key: string, values?: Record<string, unknown>) => string;

const POINTS_LABEL: Readonly<Record<(typeof LIVE_POINTS)[number], string>> = { 0: 'live.host.points_none', 1000: 'live.host.points_standard', 2000: 'live.host.points_double' };

/** The time choices of a live question ("20 seconds", "No time limit"), for the host's setup and the quiz form. */
export const timeOptions = (t: T): SelectOption[] => LIVE_TIME_LIMITS.map((n) => ({ value: String(n), label: n === 0 ? t('live.no_time_limit') : t('live.host.seconds', { count: n }) }));

/** The points choices of a live question (none, standard, double). */
export const pointsOptions = (t: T): SelectOption[] => LIVE_POINTS.map((n) => ({ value: String(n), label: t(POINTS_LABEL[n]) }));
