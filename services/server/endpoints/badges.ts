import { z } from 'zod';
import { BADGES } from '@/services/domain/badges';
import { endpoint, type EndpointDef } from '@/services/server/gateway/endpoint';
import { claimBadge, listBadges } from '@/services/server/badges/service';

/** Badges (docs/api.md, "Badges"): the player's 15 badges, and claiming an unlocked badge's reward once. */
export const badgeEndpoints: EndpointDef[] = [
  endpoint({
    name: 'get_user_badges',
    access: 'user',
    input: z.object({}),
    async handler(_input, ctx) {
      return { data: await listBadges(ctx.app.database.db, ctx.user!.id, ctx.settings) };
    },
  }),

  endpoint({
    name: 'set_badges',
    access: 'user',
    input: z.object({ type: z.enum(BADGES, { error: `must be one of ${BADGES.join(', ')}` }) }),
    async handler(input, ctx) {
      return { data: await claimBadge(ctx.app.database.db, ctx.user!.id, input.type, ctx.settings) };
    },
  }),
];
