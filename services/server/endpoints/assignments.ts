import { z } from 'zod';
import { ASSIGNMENT_ATTEMPTS_MAX, ASSIGNMENT_TIMERS, SHOW_ANSWERS } from '@/services/domain/assignments';
import { LIVE_MAX_QUESTIONS } from '@/services/domain/live';
import { MAX_ANSWER_LENGTH } from '@/services/domain/answers';
import { LIVE_REPORT_PARTS, reportCsv, reportFileName } from '@/services/domain/live-report';
import { blankAsUnset, paging, requiredId } from '@/services/server/endpoints/common';
import { QUESTION_PICK_INPUT, questionPickOf } from '@/services/server/endpoints/live';
import { enforceRateLimits, RATE_LIMITS } from '@/services/server/accounts/rate-limit';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';

/** Self-paced assignments (docs/live.md, "Assignments"): the host's calls, and the pupils' (no account needed). */

const pin = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'must be the six digits your teacher gave you'));
const token = z.string({ error: 'is required' }).trim().min(20, 'is not a device token').max(64, 'is not a device token');
const flag = z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.coerce.number({ error: 'must be 0 or 1' }).int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1'));

/** A date and time: epoch milliseconds, or ISO 8601 text with its offset ("2026-12-07T08:00:00Z"). */
const instant = z.preprocess(
  (v) => {
    if (typeof v === 'number') return v;
    if (typeof v !== 'string' || v.trim() === '') return v;
    if (/^\d+$/.test(v.trim())) return Number(v);
    const at = Date.parse(v);
    return Number.isNaN(at) ? v : at;
  },
  z.number({ error: 'must be a date and time (ISO 8601 with its offset, or epoch milliseconds)' }).int().positive(),
);

export const assignmentEndpoints: EndpointDef[] = [
  endpoint({
    name: 'assignment_create',
    access: 'user',
    input: z.object({
      ...QUESTION_PICK_INPUT,
      opens_at: z.preprocess(blankAsUnset, instant.optional()),
      closes_at: instant,
      attempts: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, `must be 1 to ${ASSIGNMENT_ATTEMPTS_MAX}`).max(ASSIGNMENT_ATTEMPTS_MAX, `must be 1 to ${ASSIGNMENT_ATTEMPTS_MAX}`).default(1),
      shuffle: flag.default(0),
      show_answers: z.enum(SHOW_ANSWERS, { error: `must be one of ${SHOW_ANSWERS.join(', ')}` }).default('end'),
      timer: z.enum(ASSIGNMENT_TIMERS, { error: `must be ${ASSIGNMENT_TIMERS.join(' or ')}` }).default('question'),
    }),
    async handler(input, ctx) {
      const pick = questionPickOf(input, ctx.settings);
      ctx.app.live.assertMayHost(ctx.user!, ctx.settings);
      await enforceRateLimits(ctx.app.database.db, [[RATE_LIMITS.liveCreate, String(ctx.user!.id)]]);
      const data = await ctx.app.assignments.create(ctx.user!, ctx.settings, {
        ...pick,
        opensAt: input.opens_at ?? ctx.now().getTime(),
        closesAt: input.closes_at,
        attempts: input.attempts,
        shuffle: input.shuffle === 1,
        showAnswers: input.show_answers,
        timer: input.timer,
      });
      return { data };
    },
  }),

  endpoint({
    name: 'assignments',
    access: 'user',
    input: z.object({ ...paging }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.list(ctx.user!, input) };
    },
  }),

  endpoint({
    name: 'assignment',
    access: 'user',
    input: z.object({ assignment_id: requiredId }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.hostView(ctx.user!, input.assignment_id) };
    },
  }),

  endpoint({
    name: 'assignment_close',
    access: 'user',
    input: z.object({ assignment_id: requiredId }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.close(ctx.user!, input.assignment_id) };
    },
  }),

  endpoint({
    name: 'assignment_report',
    access: 'user',
    input: z.object({ assignment_id: requiredId }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.report(ctx.user!, input.assignment_id) };
    },
  }),

  endpoint({
    name: 'assignment_report_csv',
    access: 'user',
    input: z.object({ assignment_id: requiredId, part: z.preprocess(blankAsUnset, z.enum(LIVE_REPORT_PARTS, { error: `must be one of ${LIVE_REPORT_PARTS.join(', ')}` }).default('answers')) }),
    async handler(input, ctx) {
      const report = await ctx.app.assignments.report(ctx.user!, input.assignment_id);
      return { data: { file_name: reportFileName(input.assignment_id, input.part, 'assignment'), csv: reportCsv(report, input.part) } };
    },
  }),

  // The pupils' calls: a PIN (or the link's), then the device's token.
  endpoint({
    name: 'assignment_entry',
    access: 'public',
    input: z.object({ pin }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.entry(input.pin, ctx.settings, ctx.ip) };
    },
  }),

  endpoint({
    name: 'assignment_join',
    access: 'public',
    input: z.object({ pin, nickname: z.string().max(200, 'must be at most 20 characters').optional() }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.join(input.pin, input.nickname, ctx.user, ctx.settings, ctx.ip) };
    },
  }),

  endpoint({
    name: 'assignment_resume',
    access: 'public',
    input: z.object({ pin, code: z.string({ error: 'is required' }).max(20, 'must be the 8 letters and digits your screen showed') }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.resume(input.pin, input.code, ctx.settings, ctx.ip) };
    },
  }),

  endpoint({
    name: 'assignment_state',
    access: 'public',
    input: z.object({ assignment_id: requiredId, token }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.state(input.assignment_id, input.token) };
    },
  }),

  endpoint({
    name: 'assignment_start',
    access: 'public',
    input: z.object({ assignment_id: requiredId, token }),
    async handler(input, ctx) {
      return { data: await ctx.app.assignments.start(input.assignment_id, input.token) };
    },
  }),

  endpoint({
    name: 'assignment_answer',
    access: 'public',
    input: z.object({
      assignment_id: requiredId,
      token,
      position: z.coerce.number({ error: 'is required' }).int('must be a whole number').min(0, 'must be 0 or more').max(LIVE_MAX_QUESTIONS, `must be below ${LIVE_MAX_QUESTIONS}`),
      answer: z.preprocess((v) => v ?? '', z.string().max(MAX_ANSWER_LENGTH, `must be at most ${MAX_ANSWER_LENGTH} characters`)),
      // What the pupil's screen measured from showing the question to the answer (ms): taken within the network allowance only.
      screen_ms: z.preprocess(blankAsUnset, z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be whole milliseconds').min(0, 'must be 0 or more').max(3_600_000, 'must be at most an hour').optional()),
    }),
    async handler(input, ctx) {
      // Timed at the instant the call had arrived (docs/api.md, "The time of an answer").
      const at = ctx.now().getTime() - ctx.sinceArrival();
      return { data: await ctx.app.assignments.answer(input.assignment_id, input.token, input.position, input.answer, input.screen_ms ?? null, at) };
    },
  }),
];
