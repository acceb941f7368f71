import { apiRequest, type ApiResult } from '@/services/client/api';
import type { QuickMessage, RoomDocument, RoomType } from '@/services/domain/rooms';

/**
 * Typed fetchers for battle rooms (docs/rooms.md, Commands). Every command answers the room's new
 * document; the same versions also arrive on the room feed, and the machines keep whichever is
 * newest. The content language is added by the API client (`create_room` and
 * `find_random_match` carry it). Fetchers never toast: the battle screens show refusals where they belong.
 */

const quiet = { toast: false } as const;

export interface RoomAnswer {
  room: RoomDocument;
}

export const findRandomMatch = (input: { category?: string | null; fee_multiplier?: number }): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('find_random_match', { category: input.category ?? undefined, fee_multiplier: input.fee_multiplier }, quiet);

export const playWithBot = (roomId: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('play_with_bot', { room_id: roomId }, quiet);

export const createRoom = (input: { room_type: Exclude<RoomType, 'random'>; category?: string | null; no_of_que?: number; entry_fee?: number }): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>(
    'create_room',
    { room_type: input.room_type, category: input.category ?? undefined, no_of_que: input.no_of_que, entry_fee: input.entry_fee },
    quiet,
  );

export const joinRoom = (code: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('join_room', { room_code: code }, quiet);

export const setRoomReady = (roomId: string, ready: boolean): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('set_room_ready', { room_id: roomId, ready: ready ? 1 : 0 }, quiet);

export const startRoom = (roomId: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('start_room', { room_id: roomId }, quiet);

export const submitRoomAnswer = (roomId: string, questionIndex: number, answer: string): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('submit_room_answer', { room_id: roomId, question_index: questionIndex, answer }, quiet);

export const leaveRoom = (roomId: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('leave_room', { room_id: roomId }, quiet);

export const deleteRoom = (roomId: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('delete_room', { room_id: roomId }, quiet);

export const sendRoomMessage = (roomId: string, message: QuickMessage): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('send_room_message', { room_id: roomId, message }, quiet);

export const getRoom = (roomId: string): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('get_room', { room_id: roomId }, quiet);

