import { z } from 'zod';
import { asNumber, idOf, MAX_ID, optionalIdOf } from '@/services/domain/forms';
import { adjustCoinsForm, contestForm, decidePaymentForm, eventQuestionForm, examForm, prizeTableForm, sendNotificationForm, settingForm } from '@/services/domain/forms';
import { OPERATOR_ROLES } from '@/services/server/accounts/sessions';
import { blankAsUnset } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef, type RequestContext } from '@/services/server/gateway/endpoint';
import { countAudit, listAudit } from '@/services/server/operators/audit';
import { ACTIVITY_KINDS, listActivity } from '@/services/server/operators/activity';
import { dashboard } from '@/services/server/operators/dashboard';
import {
  deleteContestQuestion,
  deleteExamQuestion,
  examResults,
  getContestForOperators,
  getExamForOperators,
  listContestsForOperators,
  listExamsForOperators,
  payContestNow,
  saveContest,
  saveContestQuestion,
  saveExam,
  saveExamQuestion,
  setContestPrizes,
} from '@/services/server/operators/events';
import { settingsForConsole, updateSetting } from '@/services/server/operators/settings';
import { createSend, listSends } from '@/services/server/notifications/sends';
import { grantRole, listOperators, revokeRole } from '@/services/server/operators/roles';
import { adjustCoins, getPlayer, PLAYER_SORTS, searchPlayers, setPlayerStatus } from '@/services/server/operators/players';
import { decidePayment, paymentQueue } from '@/services/server/redeem/service';

/**
 * The operators' calls (docs/operators.md): named `admin_…`, each checked for its role by the
 * gateway (401 without a token, 403 for a player or a role too small). Every change is audited.
 */

const consoleActor = (ctx: RequestContext) => ({ via: 'console' as const, userId: ctx.user!.id, requestId: ctx.requestId });

/** An account by id or e-mail: one of the two is required. */
const requiredUserId = idOf('an account id');
const userId = optionalIdOf('an account id');
const contestId = idOf('a contest id');
const examId = idOf('an exam id');
const questionId = idOf('a question id');
const account = z
  .object({
    user_id: userId,
    email: z.preprocess(blankAsUnset, z.string().trim().email('must be an e-mail address').max(254).optional()),
  })
  .refine((v) => v.user_id !== undefined || v.email !== undefined, { message: 'is required (or user_id)', path: ['email'] });

const who = (input: { user_id?: number; email?: string }) => (input.user_id !== undefined ? { userId: input.user_id } : { email: input.email! });

/** Where a page starts (0: the first). */
const pageOffset = z.preprocess(asNumber, z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(MAX_ID, `must be at most ${MAX_ID}`).default(0));

const pageSize = z.preprocess(blankAsUnset, z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 200').max(200, 'must be 1 to 200').default(50));

export const adminEndpoints: EndpointDef[] = [
  endpoint({
    name: 'admin_whoami',
    access: 'editor',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: { user_id: ctx.user!.id, name: ctx.user!.name, role: ctx.user!.role } };
    },
  }),

  endpoint({
    name: 'admin_operators',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listOperators(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_grant_role',
    access: 'admin',
    input: account.and(z.object({ role: z.enum(OPERATOR_ROLES, { error: `must be ${OPERATOR_ROLES.join(' or ')}` }) })),
    async handler(input, ctx) {
      return { data: await grantRole(ctx.app.database.db, consoleActor(ctx), who(input), input.role) };
    },
  }),

  endpoint({
    name: 'admin_revoke_role',
    access: 'admin',
    input: account,
    async handler(input, ctx) {
      return { data: await revokeRole(ctx.app.database.db, consoleActor(ctx), who(input)) };
    },
  }),

  endpoint({
    name: 'admin_players',
    access: 'admin',
    input: z.object({
      query: z.preprocess(blankAsUnset, z.string().trim().max(100, 'must be at most 100 characters').optional()),
      offset: pageOffset,
      limit: pageSize,
      sort: z.preprocess(blankAsUnset, z.enum(PLAYER_SORTS, { error: `must be one of ${PLAYER_SORTS.join(', ')}` }).default('id')),
      order: z.preprocess(blankAsUnset, z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc')),
    }),
    async handler(input, ctx) {
      return { data: await searchPlayers(ctx.app.database.db, input) };
    },
  }),

  endpoint({
    name: 'admin_player',
    access: 'admin',
    input: z.object({ user_id: requiredUserId }),
    async handler(input, ctx) {
      return { data: await getPlayer(ctx.app.database.db, input.user_id) };
    },
  }),

  endpoint({
    name: 'admin_set_player_status',
    access: 'admin',
    input: z.object({ user_id: requiredUserId, active: z.preprocess((v) => (v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v), z.boolean({ error: "must be '1' (active) or '0' (deactivated)" })) }),
    async handler(input, ctx) {
      return { data: await setPlayerStatus(ctx.app.database.db, consoleActor(ctx), input.user_id, input.active) };
    },
  }),

  endpoint({
    name: 'admin_adjust_coins',
    access: 'admin',
    input: adjustCoinsForm,
    async handler(input, ctx) {
      return { data: await adjustCoins(ctx.app.database.db, consoleActor(ctx), { userId: input.user_id, amount: input.amount, reason: input.reason, requestKey: input.request_key }) };
    },
  }),

  endpoint({
    name: 'admin_payment_requests',
    access: 'admin',
    input: z.object({
      status: z.preprocess(blankAsUnset, z.enum(['pending', 'completed', 'invalid', 'deleted'], { error: 'must be pending, completed, invalid or deleted' }).default('pending')),
      offset: pageOffset,
      limit: pageSize,
    }),
    async handler(input, ctx) {
      return { data: await paymentQueue(ctx.app.database.db, input) };
    },
  }),

  endpoint({
    name: 'admin_decide_payment_request',
    access: 'admin',
    input: decidePaymentForm,
    async handler(input, ctx) {
      const decided = await decidePayment(ctx.app.database.db, consoleActor(ctx), { paymentId: input.payment_id, status: input.status, reason: input.reason });
      // The player's page shows the decision at once when it is open.
      ctx.app.notificationBus.publish([decided.user_id], decided.notification);
      return { data: { id: decided.id, status: decided.status } };
    },
  }),

  endpoint({
    name: 'admin_audit_log',
    access: 'admin',
    input: z.object({
      limit: pageSize,
      offset: pageOffset,
      before_id: optionalIdOf('an audit entry id'),
      action: z.preprocess(blankAsUnset, z.string().trim().max(64).optional()),
      target_type: z.preprocess(blankAsUnset, z.string().trim().max(64).optional()),
      target_id: z.preprocess(blankAsUnset, z.string().trim().max(64).optional()),
      actor_id: userId,
    }),
    async handler(input, ctx) {
      const filter = { action: input.action, targetType: input.target_type, targetId: input.target_id, actorId: input.actor_id };
      const db = ctx.app.database.db;
      const [rows, total] = await Promise.all([listAudit(db, { ...filter, limit: input.limit, offset: input.offset, beforeId: input.before_id }), countAudit(db, filter)]);
      return { data: rows, extra: { total } };
    },
  }),

  endpoint({
    name: 'admin_dashboard',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await dashboard(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_send_notification',
    access: 'admin',
    input: sendNotificationForm,
    async handler(input, ctx) {
      const send = await createSend(ctx.app.database.db, consoleActor(ctx), {
        title: input.title,
        message: input.message,
        image: input.image ?? null,
        link: input.link ?? null,
        audience: input.audience,
        userId: input.user_id,
        languageId: input.language_id,
      });
      // Delivery runs beside the calls, a batch at a time; this answer does not wait for it.
      ctx.app.notificationDelivery.kick();
      return { data: send };
    },
  }),

  endpoint({
    name: 'admin_notification_sends',
    access: 'admin',
    input: z.object({ offset: pageOffset, limit: pageSize }),
    async handler(input, ctx) {
      return { data: await listSends(ctx.app.database.db, input) };
    },
  }),

  endpoint({
    name: 'admin_settings',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await settingsForConsole(ctx.app.settings) };
    },
  }),

  endpoint({
    name: 'admin_update_setting',
    access: 'admin',
    input: settingForm,
    async handler(input, ctx) {
      return { data: await updateSetting(ctx.app.database.db, ctx.app.settings, consoleActor(ctx), input.key, input.value) };
    },
  }),

  endpoint({
    name: 'admin_contests',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listContestsForOperators(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_contest',
    access: 'admin',
    input: z.object({ contest_id: contestId }),
    async handler(input, ctx) {
      return { data: await getContestForOperators(ctx.app.database.db, input.contest_id) };
    },
  }),

  endpoint({
    name: 'admin_save_contest',
    access: 'admin',
    input: contestForm,
    async handler(input, ctx) {
      return { data: await saveContest(ctx.app.database.db, consoleActor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_save_contest_question',
    access: 'admin',
    input: eventQuestionForm.extend({ contest_id: contestId }),
    async handler(input, ctx) {
      return { data: await saveContestQuestion(ctx.app.database.db, consoleActor(ctx), input.contest_id, input) };
    },
  }),

  endpoint({
    name: 'admin_delete_contest_question',
    access: 'admin',
    input: z.object({ contest_id: contestId, question_id: questionId }),
    async handler(input, ctx) {
      return { data: await deleteContestQuestion(ctx.app.database.db, consoleActor(ctx), input.contest_id, input.question_id) };
    },
  }),

  endpoint({
    name: 'admin_set_contest_prizes',
    access: 'admin',
    input: prizeTableForm,
    async handler(input, ctx) {
      return { data: await setContestPrizes(ctx.app.database.db, consoleActor(ctx), input.contest_id, input.prizes) };
    },
  }),

  endpoint({
    name: 'admin_pay_contest',
    access: 'admin',
    input: z.object({ contest_id: contestId }),
    async handler(input, ctx) {
      return { data: await payContestNow(ctx.app.database.db, ctx.settings, consoleActor(ctx), input.contest_id) };
    },
  }),

  endpoint({
    name: 'admin_exams',
    access: 'admin',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listExamsForOperators(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_exam',
    access: 'admin',
    input: z.object({ exam_id: examId }),
    async handler(input, ctx) {
      return { data: await getExamForOperators(ctx.app.database.db, input.exam_id) };
    },
  }),

  endpoint({
    name: 'admin_save_exam',
    access: 'admin',
    input: examForm,
    async handler(input, ctx) {
      return { data: await saveExam(ctx.app.database.db, consoleActor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_save_exam_question',
    access: 'admin',
    input: eventQuestionForm.extend({ exam_id: examId }),
    async handler(input, ctx) {
      return { data: await saveExamQuestion(ctx.app.database.db, consoleActor(ctx), input.exam_id, input) };
    },
  }),

  endpoint({
    name: 'admin_delete_exam_question',
    access: 'admin',
    input: z.object({ exam_id: examId, question_id: questionId }),
    async handler(input, ctx) {
      return { data: await deleteExamQuestion(ctx.app.database.db, consoleActor(ctx), input.exam_id, input.question_id) };
    },
  }),

  endpoint({
    name: 'admin_exam_results',
    access: 'admin',
    input: z.object({ exam_id: examId }),
    async handler(input, ctx) {
      return { data: await examResults(ctx.app.database.db, input.exam_id) };
    },
  }),

  endpoint({
    name: 'admin_activity',
    access: 'admin',
    input: z.object({ kind: z.enum(ACTIVITY_KINDS, { error: `must be one of ${ACTIVITY_KINDS.join(', ')}` }), offset: pageOffset, limit: pageSize }),
    async handler(input, ctx) {
      return { data: await listActivity(ctx.app.database.db, input) };
    },
  }),
];
