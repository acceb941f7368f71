import { z } from 'zod';
import { EXAM_LISTS, EXAM_REPORTS } from '@/services/domain/exams';
import { blankAsUnset, calendarFields, idOf, effectiveLanguageId, optionalId, optionalIdOf, paging, questionIdList, sessionId } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { answerExam, heartbeat, listExamModule, openExam, readExamResult, reportViolation, submitExam } from '@/services/server/exams/service';

/** Exams (docs/exams.md): the lists, opening an attempt, answers, violations, heartbeats, submit and result. */

/** The page an exam is played on: a random id per page load (API clients without one share 'api'). */
const clientId = z.preprocess(
  (v) => blankAsUnset(v) ?? 'api',
  z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
);

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

/** The spec's `type` of get_exam_module: a list name, or 1 today, 2 upcoming, 3 completed. */
const examListType = z.preprocess((v) => {
  const byNumber: Record<string, string> = { '1': 'today', '2': 'upcoming', '3': 'completed' };
  if (v === undefined || v === null || v === '') return 'today';
  // Only a text or a number names a list: anything else is refused as it is, never converted.
  if (typeof v !== 'string' && typeof v !== 'number') return v;
  return byNumber[String(v)] ?? v;
}, z.enum(EXAM_LISTS, { error: `must be one of ${EXAM_LISTS.join(', ')}` }));

/** Question ids a client says were caught. */
const idList = questionIdList(500);

export const examEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_exam_module',
    access: 'user',
    input: z.object({ language_id: optionalId, type: examListType, ...calendarFields, ...paging }),
    async handler(input, ctx) {
      const answer = await listExamModule(ctx.app.database.db, ctx.settings, ctx.user!.id, {
        list: input.type,
        languageId: effectiveLanguageId(ctx.settings, input.language_id),
        timezone: input.timezone,
        gmtFormat: input.gmt_format,
        offset: input.offset,
        limit: input.limit,
      }, ctx.now());
      return { data: answer.items, extra: { total: answer.total } };
    },
  }),

  endpoint({
    name: 'get_exam_module_questions',
    access: 'user',
    input: z.object({
      exam_module_id: idOf('an exam id'),
      exam_key: z.preprocess(blankAsUnset, z.string().trim().max(16, 'must be at most 16 characters').optional()),
      rules_agreed: flag,
      client_id: clientId,
    }),
    async handler(input, ctx) {
      return {
        data: await openExam(ctx.app.database.db, ctx.settings, ctx.user!.id, {
          examId: input.exam_module_id,
          examKey: input.exam_key,
          rulesAgreed: input.rules_agreed,
          clientId: input.client_id,
        }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'set_exam_answer',
    access: 'user',
    input: z.object({
      session_id: sessionId,
      question_id: idOf('a question id'),
      answer: z.preprocess((v) => v ?? '', z.string().trim().max(1, 'must be an option letter or empty')),
      client_id: clientId,
    }),
    async handler(input, ctx) {
      return {
        data: await answerExam(ctx.app.database.db, ctx.user!.id, {
          sessionId: input.session_id,
          questionId: input.question_id,
          answer: input.answer,
          clientId: input.client_id,
        }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'report_exam_violation',
    access: 'user',
    input: z.object({
      session_id: sessionId,
      kind: z.enum(EXAM_REPORTS, { error: `must be one of ${EXAM_REPORTS.join(', ')}` }),
      question_id: optionalIdOf('a question id'),
      client_id: clientId,
    }),
    async handler(input, ctx) {
      return {
        data: await reportViolation(ctx.app.database.db, ctx.user!.id, {
          sessionId: input.session_id,
          report: input.kind,
          questionId: input.question_id,
          clientId: input.client_id,
        }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'exam_heartbeat',
    access: 'user',
    input: z.object({ session_id: sessionId, client_id: clientId }),
    async handler(input, ctx) {
      return { data: await heartbeat(ctx.app.database.db, ctx.user!.id, { sessionId: input.session_id, clientId: input.client_id }, ctx.now()) };
    },
  }),

  endpoint({
    name: 'set_exam_module_result',
    access: 'user',
    // total_duration, obtained_marks and statistics are the spec's fields: accepted, never read.
    input: z.object({
      exam_module_id: idOf('an exam id'),
      rules_violated: flag,
      captured_question_ids: idList,
      total_duration: z.unknown().optional(),
      obtained_marks: z.unknown().optional(),
      statistics: z.unknown().optional(),
    }),
    async handler(input, ctx) {
      return {
        data: await submitExam(ctx.app.database.db, ctx.settings, ctx.user!.id, {
          examId: input.exam_module_id,
          rulesViolated: input.rules_violated,
          capturedQuestionIds: input.captured_question_ids,
        }, ctx.now()),
      };
    },
  }),

  endpoint({
    name: 'get_exam_module_result',
    access: 'user',
    input: z.object({ exam_module_id: idOf('an exam id') }),
    async handler(input, ctx) {
      return { data: await readExamResult(ctx.app.database.db, ctx.settings, ctx.user!.id, input.exam_module_id, ctx.now()) };
    },
  }),
];
