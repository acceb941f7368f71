import { apiRequest, type ApiResult } from '@/services/client/api';
import type { LiveAnswered, LiveJoined } from '@/machines/live-player/live-player.machine';
import type { LiveGameView, LiveMe } from '@/services/domain/live';

/**
 * Typed fetchers of live games (docs/live.md, Calls), taking the payloads the live machines build.
 * They never toast: the live screens say what went wrong where it belongs.
 */

const quiet = { toast: false } as const;

export const liveJoin = (payload: { pin: string; nickname?: string }): Promise<ApiResult<LiveJoined>> => apiRequest<LiveJoined>('live_join', payload, quiet);

export const liveRejoin = (payload: { game_id: number; token: string }): Promise<ApiResult<{ game: LiveGameView; me: LiveMe }>> =>
  apiRequest<{ game: LiveGameView; me: LiveMe }>('live_rejoin', payload, quiet);

export const liveAnswer = (payload: { game_id: number; token: string; question_index: number; answer: string }): Promise<ApiResult<LiveAnswered>> =>
  apiRequest<LiveAnswered>('live_answer', payload, quiet);
