import { z } from 'zod';
import { QUICK_MESSAGES, type RoomDocument } from '@/services/domain/rooms';
import { blankAsUnset, effectiveLanguageId, idOf, optionalId, optionalPlaceRef, paging } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import type { SettingsMap } from '@/services/domain/settings';
import { docJson } from '@/services/server/rooms/doc-json';
import type { RoomService } from '@/services/server/rooms/service';
import { getBattleStatistics, verifyBattleResult } from '@/services/server/rooms/statistics';

/** Battle rooms (docs/rooms.md): matching, lobbies, the game, quick messages, battle statistics. */

/** A room id as the room service hands them out. */
const roomId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a room id');

const optionalRoomId = z.preprocess(blankAsUnset, z.string().trim().max(64, 'must be at most 64 characters').optional());

/** A 0/1 switch as forms send it (also true/false). */
const flag01 = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  z.coerce.number({ error: 'must be 0 or 1' }).int('must be 0 or 1').min(0, 'must be 0 or 1').max(1, 'must be 0 or 1'),
);

const optionalCount = (max: number) =>
  z.preprocess(blankAsUnset, z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).optional());

const optionalCoins = z.preprocess(
  blankAsUnset,
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000').optional(),
);

/** `{ room }`, with the document as the text the room service stored it as (serialised once per version). */
const room = (doc: RoomDocument) => ({ dataJson: `{"room":${docJson(doc)}}` });

/** A signed-in player's call on one room named by `room_id` alone, answering the room. */
function roomCommand(name: string, run: (rooms: RoomService, userId: number, settings: SettingsMap, roomId: string) => Promise<RoomDocument>): EndpointDef {
  return endpoint({
    name,
    access: 'user',
    input: z.object({ room_id: roomId }),
    async handler(input, ctx) {
      return room(await run(ctx.app.rooms, ctx.user!.id, ctx.settings, input.room_id));
    },
  });
}

export const roomEndpoints: EndpointDef[] = [
  endpoint({
    name: 'find_random_match',
    access: 'user',
    input: z.object({
      language_id: optionalId,
      category: optionalPlaceRef,
      fee_multiplier: z.preprocess(
        blankAsUnset,
        z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10, 'must be at most 10').default(1),
      ),
    }),
    async handler(input, ctx) {
      return room(
        await ctx.app.rooms.findRandomMatch(ctx.user!.id, ctx.settings, {
          languageId: effectiveLanguageId(ctx.settings, input.language_id),
          category: input.category,
          feeMultiplier: input.fee_multiplier,
        }),
      );
    },
  }),

  roomCommand('play_with_bot', (rooms, userId, settings, id) => rooms.playWithBot(userId, settings, id)),

  endpoint({
    name: 'create_room',
    access: 'user',
    input: z.object({
      language_id: optionalId,
      room_type: z.enum(['friend', 'group'], { error: 'must be friend or group' }),
      category: optionalPlaceRef,
      no_of_que: optionalCount(50),
      entry_fee: optionalCoins,
      room_id: optionalRoomId,
    }),
    async handler(input, ctx) {
      return room(
        await ctx.app.rooms.createRoom(ctx.user!.id, ctx.settings, {
          languageId: effectiveLanguageId(ctx.settings, input.language_id),
          roomType: input.room_type,
          category: input.category,
          noOfQue: input.no_of_que,
          entryFee: input.entry_fee,
          roomId: input.room_id,
        }),
      );
    },
  }),

  endpoint({
    name: 'join_room',
    access: 'user',
    input: z.object({ room_code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(16, 'must be at most 16 characters') }),
    async handler(input, ctx) {
      return room(await ctx.app.rooms.joinRoom(ctx.user!.id, ctx.settings, input.room_code));
    },
  }),

  endpoint({
    name: 'set_room_ready',
    access: 'user',
    input: z.object({ room_id: roomId, ready: flag01 }),
    async handler(input, ctx) {
      return room(await ctx.app.rooms.setReady(ctx.user!.id, ctx.settings, input.room_id, input.ready === 1));
    },
  }),

  roomCommand('start_room', (rooms, userId, settings, id) => rooms.startRoom(userId, settings, id)),

  endpoint({
    name: 'submit_room_answer',
    access: 'user',
    input: z.object({
      room_id: roomId,
      question_index: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
      answer: z
        .string({ error: 'is required' })
        .trim()
        .toLowerCase()
        .regex(/^[a-e]$/, 'must be an option letter'),
    }),
    async handler(input, ctx) {
      return room(
        await ctx.app.rooms.submitAnswer(ctx.user!.id, ctx.settings, { roomId: input.room_id, questionIndex: input.question_index, answer: input.answer, sinceArrival: ctx.sinceArrival }),
      );
    },
  }),

  roomCommand('leave_room', (rooms, userId, settings, id) => rooms.leaveRoom(userId, settings, id)),
  roomCommand('delete_room', (rooms, userId, settings, id) => rooms.deleteRoom(userId, settings, id)),

  endpoint({
    name: 'send_room_message',
    access: 'user',
    input: z.object({ room_id: roomId, message: z.enum(QUICK_MESSAGES, { error: `must be one of ${QUICK_MESSAGES.join(', ')}` }) }),
    async handler(input, ctx) {
      return room(await ctx.app.rooms.sendMessage(ctx.user!.id, ctx.settings, input.room_id, input.message));
    },
  }),

  roomCommand('get_room', (rooms, userId, _settings, id) => rooms.getRoom(userId, id)),

  endpoint({
    name: 'get_random_questions',
    access: 'user',
    // language_id and category are the spec's: the room already fixed both.
    input: z.object({ match_id: roomId, destroy_match: z.preprocess(blankAsUnset, flag01.optional()), language_id: optionalId, category: optionalPlaceRef }),
    async handler(input, ctx) {
      return { data: await ctx.app.rooms.getQuestions(ctx.user!.id, ctx.settings, input.match_id, { leave: input.destroy_match === 1 }) };
    },
  }),

  endpoint({
    name: 'get_question_by_room_id',
    access: 'user',
    input: z.object({ room_id: roomId }),
    async handler(input, ctx) {
      return { data: await ctx.app.rooms.getQuestions(ctx.user!.id, ctx.settings, input.room_id) };
    },
  }),

  endpoint({
    name: 'get_battle_statistics',
    access: 'user',
    input: z.object({
      sort: z.preprocess(blankAsUnset, z.enum(['date', 'points', 'id'], { error: 'must be date, points or id' }).default('date')),
      order: z.preprocess(
        (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
        z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
      ),
      ...paging,
    }),
    async handler(input, ctx) {
      const stats = await getBattleStatistics(ctx.app.database.db, ctx.user!.id, input);
      return { data: stats.items, extra: { total: stats.total, won: stats.won, lost: stats.lost, drawn: stats.drawn } };
    },
  }),

  endpoint({
    name: 'set_battle_statistics',
    access: 'user',
    input: z.object({
      user_id1: idOf('an account id'),
      user_id2: idOf('an account id'),
      winner_id: z.preprocess((v) => blankAsUnset(v) ?? 0, idOf('a winner id', { min: 0 })),
      is_drawn: flag01,
    }),
    async handler(input, ctx) {
      return {
        data: await verifyBattleResult(ctx.app.database.db, ctx.user!.id, {
          userId1: input.user_id1,
          userId2: input.user_id2,
          winnerId: input.winner_id,
          isDrawn: input.is_drawn === 1,
        }),
      };
    },
  }),
];
