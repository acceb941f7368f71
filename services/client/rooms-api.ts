import { apiRequest, type ApiResult } from '@/services/client/api';
import type { RoomIdPayload, SendRoomMessagePayload, SubmitRoomAnswerPayload } from '@/machines/battle-play/battle-room';
import type { CreateRoomPayload, JoinRoomPayload, SetReadyPayload } from '@/machines/group-battle/group-battle.machine';
import type { FindMatchPayload } from '@/machines/random-battle/random-battle.machine';
import type { RoomDocument } from '@/services/domain/rooms';

/**
 * Typed fetchers for battle rooms (docs/rooms.md, Commands). Each takes the payload the battle
 * machines build (battle-room.ts, random-battle and group-battle machines), so the machines' actors
 * are these functions as they are. Every command answers the room's new document; the same
 * versions also arrive on the room feed, and the machines keep whichever is newest. The content
 * language is added by the API client (`create_room` and `find_random_match` carry it). Fetchers
 * never toast: the battle screens show refusals where they belong.
 */

const quiet = { toast: false } as const;

export interface RoomAnswer {
  room: RoomDocument;
}

/** Absent (any category) rather than an empty field: the server reads a blank as unset anyway. */
const categoryField = (category: string | null | undefined) => category ?? undefined;

export const findRandomMatch = (payload: FindMatchPayload): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('find_random_match', { category: categoryField(payload.category), fee_multiplier: payload.fee_multiplier }, quiet);

export const playWithBot = (payload: RoomIdPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('play_with_bot', { room_id: payload.room_id }, quiet);

export const createRoom = (payload: CreateRoomPayload): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>(
    'create_room',
    {
      room_type: payload.room_type,
      category: categoryField(payload.category),
      // Friend rooms always play `random_battle_total_question` questions: the server ignores it.
      no_of_que: payload.room_type === 'group' ? payload.no_of_que : undefined,
      entry_fee: payload.entry_fee,
    },
    quiet,
  );

export const joinRoom = (payload: JoinRoomPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('join_room', { room_code: payload.room_code }, quiet);

export const setRoomReady = (payload: SetReadyPayload): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('set_room_ready', { room_id: payload.room_id, ready: payload.ready }, quiet);

export const startRoom = (payload: RoomIdPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('start_room', { room_id: payload.room_id }, quiet);

export const submitRoomAnswer = (payload: SubmitRoomAnswerPayload): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('submit_room_answer', { room_id: payload.room_id, question_index: payload.question_index, answer: payload.answer }, quiet);

export const leaveRoom = (payload: RoomIdPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('leave_room', { room_id: payload.room_id }, quiet);

export const deleteRoom = (payload: RoomIdPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('delete_room', { room_id: payload.room_id }, quiet);

export const sendRoomMessage = (payload: SendRoomMessagePayload): Promise<ApiResult<RoomAnswer>> =>
  apiRequest<RoomAnswer>('send_room_message', { room_id: payload.room_id, message: payload.message }, quiet);

export const getRoom = (payload: RoomIdPayload): Promise<ApiResult<RoomAnswer>> => apiRequest<RoomAnswer>('get_room', { room_id: payload.room_id }, quiet);
