import { apiRequest, type ApiResult } from '@/services/client/api';
import type { LiveAnswered, LiveJoined } from '@/machines/live-player/live-player.machine';
import type { LiveGameView, LiveMe } from '@/services/domain/live';
import type { LiveEntry } from '@/services/domain/live-names';
import { i18n } from '@/services/client/i18n';

/**
 * Typed fetchers of live games (docs/live.md, Calls), taking the payloads the live machines build.
 * They never toast: the live screens say what went wrong where it belongs.
 */

const quiet = { toast: false } as const;

/** Joins a game; the interface language goes with it, for a generated name in the player's language. */
export const liveJoin = (payload: { pin: string; nickname?: string; team?: number }): Promise<ApiResult<LiveJoined>> => apiRequest<LiveJoined>('live_join', { ...payload, language: i18n.language }, quiet);

/** What a PIN's game asks of a player joining: generated names, teams. */
export const liveEntry = (payload: { pin: string }): Promise<ApiResult<LiveEntry>> => apiRequest<LiveEntry>('live_entry', payload, quiet);

export const liveRejoin = (payload: { game_id: number; token: string }): Promise<ApiResult<{ game: LiveGameView; me: LiveMe }>> =>
  apiRequest<{ game: LiveGameView; me: LiveMe }>('live_rejoin', payload, quiet);

export const liveAnswer = (payload: { game_id: number; token: string; question_index: number; answer: string }): Promise<ApiResult<LiveAnswered>> =>
  apiRequest<LiveAnswered>('live_answer', payload, quiet);
