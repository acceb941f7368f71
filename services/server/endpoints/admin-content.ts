import { z } from 'zod';
import { asNumber, idOf, MAX_ID, optionalIdOf } from '@/services/domain/forms';
import { blankAsUnset, categoryForm, dailyQuizForm, isoDay, pageForm, questionForm, readingForm, subcategoryForm, yesNo } from '@/services/domain/forms';
import { listReadings, saveReading } from '@/services/server/operators/readings';
import { intSetting } from '@/services/domain/settings';
import { IMPORT_FORMATS } from '@/services/server/content/import';
import { getDailyPick, listPages, savePage, setDailyPick } from '@/services/server/operators/publishing';
import { getImportRun, listImportRuns, startImportJob } from '@/services/server/operators/import-jobs';
import { languageCode } from '@/services/server/content/content-row';
import { endpoint, type EndpointDef, type RequestContext } from '@/services/server/gateway/endpoint';
import { ApiError } from '@/services/server/gateway/api-error';
import {
  getCategoryForEditors,
  getQuestionForEditors,
  listCategoriesForEditors,
  listLanguagesForEditors,
  listReports,
  QUESTION_SORTS,
  resolveReport,
  saveCategory,
  saveQuestion,
  saveSubcategory,
  searchQuestions,
  setQuestionStatus,
} from '@/services/server/operators/content';
import { detectAudioType, detectImageType, IMAGE_EXTENSIONS } from '@/services/server/uploads/image-type';
import { saveContentFile } from '@/services/server/uploads/store';

/**
 * The editors' calls (docs/operators.md, Content): access `editor`, so admins and editors both.
 * Every change is audited.
 */

const actor = (ctx: RequestContext) => ({ via: 'console' as const, userId: ctx.user!.id, requestId: ctx.requestId });

const id = idOf('an id');
const optionalId = optionalIdOf('an id');
const offset = z.preprocess(asNumber, z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(MAX_ID, `must be at most ${MAX_ID}`).default(0));
const limit = z.preprocess(blankAsUnset, z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 200').max(200, 'must be 1 to 200').default(50));
const kind = z.coerce.number({ error: 'is required' }).int().min(1, 'must be a kind from 1 to 6').max(6, 'must be a kind from 1 to 6');

const MiB = 1024 * 1024;
/** Largest question bank the console takes in one upload (it streams to disk, then through the importer). */
export const IMPORT_MAX_BYTES = 2048 * MiB;

export const adminContentEndpoints: EndpointDef[] = [
  endpoint({
    name: 'admin_languages',
    access: 'editor',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listLanguagesForEditors(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_categories',
    access: 'editor',
    input: z.object({ type: kind, language_id: id }),
    async handler(input, ctx) {
      return { data: await listCategoriesForEditors(ctx.app.database.db, { type: input.type, languageId: input.language_id }) };
    },
  }),

  endpoint({
    name: 'admin_category',
    access: 'editor',
    input: z.object({ category_id: id }),
    async handler(input, ctx) {
      return { data: await getCategoryForEditors(ctx.app.database.db, input.category_id) };
    },
  }),

  endpoint({
    name: 'admin_save_category',
    access: 'editor',
    input: categoryForm,
    async handler(input, ctx) {
      return { data: await saveCategory(ctx.app.database.db, actor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_save_subcategory',
    access: 'editor',
    input: subcategoryForm,
    async handler(input, ctx) {
      return { data: await saveSubcategory(ctx.app.database.db, actor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_questions',
    access: 'editor',
    input: z.object({
      type: z.preprocess(blankAsUnset, kind.optional()),
      language_id: optionalId,
      category_id: optionalId,
      subcategory_id: optionalId,
      query: z.preprocess(blankAsUnset, z.string().trim().max(100, 'must be at most 100 characters').optional()),
      active: z.preprocess(blankAsUnset, yesNo('playable').optional()),
      offset,
      limit,
      sort: z.preprocess(blankAsUnset, z.enum(QUESTION_SORTS, { error: `must be one of ${QUESTION_SORTS.join(', ')}` }).default('id')),
      order: z.preprocess(blankAsUnset, z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc')),
    }),
    async handler(input, ctx) {
      return {
        data: await searchQuestions(ctx.app.database.db, {
          type: input.type,
          languageId: input.language_id,
          categoryId: input.category_id,
          subcategoryId: input.subcategory_id,
          query: input.query,
          active: input.active,
          offset: input.offset,
          limit: input.limit,
          sort: input.sort,
          order: input.order,
        }),
      };
    },
  }),

  endpoint({
    name: 'admin_question',
    access: 'editor',
    input: z.object({ id }),
    async handler(input, ctx) {
      return { data: await getQuestionForEditors(ctx.app.database.db, input.id) };
    },
  }),

  endpoint({
    name: 'admin_save_question',
    access: 'editor',
    input: questionForm,
    async handler(input, ctx) {
      return { data: await saveQuestion(ctx.app.database.db, actor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_set_question_status',
    access: 'editor',
    input: z.object({ id, active: yesNo('playable') }),
    async handler(input, ctx) {
      return { data: await setQuestionStatus(ctx.app.database.db, actor(ctx), input.id, input.active) };
    },
  }),

  endpoint({
    name: 'admin_reports',
    access: 'editor',
    input: z.object({
      status: z.preprocess(blankAsUnset, z.enum(['open', 'fixed', 'dismissed'], { error: 'must be open, fixed or dismissed' }).default('open')),
      offset,
      limit,
    }),
    async handler(input, ctx) {
      return { data: await listReports(ctx.app.database.db, input) };
    },
  }),

  endpoint({
    name: 'admin_resolve_report',
    access: 'editor',
    input: z.object({ report_id: id, status: z.enum(['fixed', 'dismissed'], { error: 'must be fixed or dismissed' }) }),
    async handler(input, ctx) {
      return { data: await resolveReport(ctx.app.database.db, actor(ctx), input.report_id, input.status) };
    },
  }),

  endpoint({
    name: 'admin_upload_media',
    access: 'editor',
    limits: { maxFileBytes: 5 * MiB, maxFiles: 1, maxBodyBytes: 6 * MiB },
    input: z.object({ kind: z.enum(['image', 'audio'], { error: 'must be image or audio' }) }),
    async handler(input, ctx) {
      const file = ctx.files.find((f) => f.field === 'file');
      if (!file) throw new ApiError('103', { field: 'file', detail: 'file: is required' });
      // The bytes decide what a file is, never its name or declared type.
      const extension = input.kind === 'image' ? ((k) => (k ? IMAGE_EXTENSIONS[k] : null))(detectImageType(file.data)) : detectAudioType(file.data);
      if (!extension) {
        throw new ApiError('103', { field: 'file', detail: input.kind === 'image' ? 'file: must be a PNG, JPEG or WebP image' : 'file: must be an Ogg (Opus, Vorbis) or MP3 audio file' });
      }
      const path = await saveContentFile(ctx.app.config, extension, file.data);
      return { data: { path } };
    },
  }),

  endpoint({
    name: 'admin_import',
    access: 'editor',
    // The file is written to disk as it arrives and streamed through the importer (docs/content.md).
    filesToDisk: true,
    limits: { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1, maxBodyBytes: IMPORT_MAX_BYTES + MiB },
    input: z.object({
      format: z.preprocess(blankAsUnset, z.enum(IMPORT_FORMATS, { error: `must be one of ${IMPORT_FORMATS.join(', ')} (or empty: detected)` }).optional()),
      language: z.preprocess(blankAsUnset, z.string().trim().max(20).optional()),
    }),
    async handler(input, ctx) {
      const file = ctx.files.find((f) => f.field === 'file');
      if (!file?.path) throw new ApiError('103', { field: 'file', detail: 'file: is required' });
      if (input.language && !languageCode(input.language)) throw new ApiError('103', { field: 'language', detail: `language: "${input.language}" is not a language code (e.g. en, es, pt-br)` });
      return { data: await startImportJob(ctx.app.database.db, actor(ctx), { path: file.path, fileName: file.filename || 'upload', size: file.size, format: input.format, language: input.language }, ctx.log) };
    },
  }),

  endpoint({
    name: 'admin_import_runs',
    access: 'editor',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listImportRuns(ctx.app.database.db) };
    },
  }),

  endpoint({
    name: 'admin_import_run',
    access: 'editor',
    input: z.object({ import_id: id }),
    async handler(input, ctx) {
      return { data: await getImportRun(ctx.app.database.db, input.import_id) };
    },
  }),

  endpoint({
    name: 'admin_pages',
    access: 'editor',
    input: z.object({ language: z.string({ error: 'is required' }).trim().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, 'must be a language code such as en') }),
    async handler(input, ctx) {
      return { data: await listPages(ctx.app.database.db, input.language) };
    },
  }),

  endpoint({
    name: 'admin_save_page',
    access: 'editor',
    input: pageForm,
    async handler(input, ctx) {
      return { data: await savePage(ctx.app.database.db, actor(ctx), input) };
    },
  }),

  endpoint({
    name: 'admin_daily_quiz',
    access: 'editor',
    input: z.object({ language_id: id, day: isoDay }),
    async handler(input, ctx) {
      return { data: await getDailyPick(ctx.app.database.db, input.language_id, input.day) };
    },
  }),

  endpoint({
    name: 'admin_set_daily_quiz',
    access: 'editor',
    input: dailyQuizForm,
    async handler(input, ctx) {
      const most = intSetting(ctx.settings, 'daily_quiz_total_question');
      return { data: await setDailyPick(ctx.app.database.db, actor(ctx), { languageId: input.language_id, day: input.day, questionIds: input.question_ids, most }) };
    },
  }),

  endpoint({
    name: 'admin_readings',
    access: 'editor',
    input: z.object({ category_id: id }),
    async handler(input, ctx) {
      return { data: await listReadings(ctx.app.database.db, input.category_id) };
    },
  }),

  endpoint({
    name: 'admin_save_reading',
    access: 'editor',
    input: readingForm,
    async handler(input, ctx) {
      return { data: await saveReading(ctx.app.database.db, actor(ctx), input) };
    },
  }),
];
