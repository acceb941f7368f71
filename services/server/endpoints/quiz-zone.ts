import { z } from 'zod';
import { CATEGORY_TYPES } from '@/services/server/db/schema';
import { effectiveLanguageId, optionalId, optionalPlaceRef, placeRef } from '@/services/server/endpoints/common';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import {
  getLevelData,
  listCategories,
  listSubcategories,
  resolvePlace,
  unlockPremium,
  verifyLevelPassed,
  verifyQuizCategory,
} from '@/services/server/quiz-zone/service';

/** Quiz-zone content: categories, subcategories, levels, premium unlocks, and the spec's checked set_* calls. */

const categoryType = z.coerce
  .number({ error: 'is required' })
  .int('must be a whole number')
  .min(1, 'must be 1 to 6')
  .max(6, 'must be 1 to 6');

const level = z.coerce.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');

export const quizZoneEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_categories',
    access: 'user',
    input: z.object({ type: categoryType, sub_type: z.unknown().optional(), language_id: optionalId }),
    async handler(input, ctx) {
      const languageId = effectiveLanguageId(ctx.settings, input.language_id);
      return { data: await listCategories(ctx.app.database.db, ctx.user!.id, { type: input.type, languageId }) };
    },
  }),

  endpoint({
    name: 'get_subcategory_by_maincategory',
    access: 'user',
    // `type` (ours, optional): the kind of the category (get_categories' type); the quiz zone by default.
    input: z.object({ language_id: optionalId, category_slug: placeRef, subcategory_slug: optionalPlaceRef, type: categoryType.optional() }),
    async handler(input, ctx) {
      const languageId = effectiveLanguageId(ctx.settings, input.language_id);
      return {
        data: await listSubcategories(ctx.app.database.db, ctx.user!.id, {
          category: input.category_slug,
          subcategory: input.subcategory_slug,
          languageId,
          type: input.type,
        }),
      };
    },
  }),

  // Quiz zone and multi match keep their levels the same way, in places of their own kind.
  ...([
    ['get_level_data', CATEGORY_TYPES.quiz_zone],
    ['get_multi_match_level_data', CATEGORY_TYPES.multi_match],
  ] as const).map(([name, type]) =>
    endpoint({
      name,
      access: 'user',
      input: z.object({ category_slug: placeRef, subcategory_slug: optionalPlaceRef, language_id: optionalId }),
      async handler(input, ctx) {
        const db = ctx.app.database.db;
        const place = await resolvePlace(
          db,
          {
            category: input.category_slug,
            subcategory: input.subcategory_slug,
            languageId: effectiveLanguageId(ctx.settings, input.language_id),
            fields: { category: 'category_slug', subcategory: 'subcategory_slug' },
          },
          type,
        );
        return { data: await getLevelData(db, ctx.user!.id, place) };
      },
    }),
  ),

  ...([
    ['set_level_data', CATEGORY_TYPES.quiz_zone],
    ['set_multi_match_level_data', CATEGORY_TYPES.multi_match],
  ] as const).map(([name, type]) =>
    endpoint({
      name,
      access: 'user',
      input: z.object({ category: placeRef, subcategory: optionalPlaceRef, level, language_id: optionalId }),
      async handler(input, ctx) {
        const db = ctx.app.database.db;
        const place = await resolvePlace(db, { ...input, languageId: effectiveLanguageId(ctx.settings, input.language_id) }, type);
        return { data: await verifyLevelPassed(db, ctx.user!.id, place, input.level) };
      },
    }),
  ),

  endpoint({
    name: 'unlock_premium_category',
    access: 'user',
    // `type` (ours, optional): the kind of the category, as in get_categories; the quiz zone by default.
    input: z.object({ category: placeRef, subcategory: optionalPlaceRef, language_id: optionalId, type: categoryType.optional() }),
    async handler(input, ctx) {
      const db = ctx.app.database.db;
      const place = await resolvePlace(db, { ...input, languageId: effectiveLanguageId(ctx.settings, input.language_id) }, input.type ?? CATEGORY_TYPES.quiz_zone);
      return { data: await unlockPremium(db, ctx.user!.id, place) };
    },
  }),

  endpoint({
    name: 'set_quiz_categories',
    access: 'user',
    input: z.object({
      type: categoryType,
      category: placeRef,
      subcategory: optionalPlaceRef,
      type_id: z.unknown().optional(),
      language_id: optionalId,
    }),
    async handler(input, ctx) {
      const db = ctx.app.database.db;
      const place = await resolvePlace(db, { ...input, languageId: effectiveLanguageId(ctx.settings, input.language_id) }, input.type);
      return { data: await verifyQuizCategory(db, ctx.user!.id, { type: input.type, place }) };
    },
  }),
];
