import { z } from 'zod';
import { withEnglishFallback } from '@/services/domain/interface-strings';
import { PAGE_TYPES, SYSTEM_SETTINGS, WEB_SETTINGS, flagSetting } from '@/services/domain/settings';
import { MODES } from '@/services/domain/routes';
import { ApiError } from '@/services/server/gateway/api-error';
import { endpoint } from '@/services/server/gateway/endpoint';
import { optionalId } from '@/services/server/endpoints/common';
import {
  listContentLanguages,
  listSystemLanguages,
  readPage,
  readSystemLanguage,
} from '@/services/server/settings/repository';

const pick = (settings: Record<string, string>, keys: readonly { key: string }[]) =>
  Object.fromEntries(keys.map(({ key }) => [key, settings[key] ?? '']));

/** The web app's shell reads these before anything else. */
const WEB_SHELL_KEYS = [{ key: 'app_name' }, { key: 'maintenance_mode' }, { key: 'demo_mode' }, { key: 'language_mode' }];

/**
 * Settings are read by every client on every start: serialise each answer once per settings
 * snapshot (the settings service hands out a new frozen object whenever they change).
 */
function memoJson(build: (settings: Record<string, string>) => unknown) {
  const cache = new WeakMap<object, string>();
  return (settings: Readonly<Record<string, string>>): string => {
    let json = cache.get(settings);
    if (json === undefined) {
      json = JSON.stringify(build(settings as Record<string, string>));
      cache.set(settings, json);
    }
    return json;
  };
}

const systemConfigurationsJson = memoJson((s) => pick(s, SYSTEM_SETTINGS));
const webSettingsJson = memoJson((s) => ({ ...pick(s, WEB_SETTINGS), ...pick(s, WEB_SHELL_KEYS) }));


const interfaceLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or ar')
  .optional();

const fromParam = z.coerce.number().int().min(1).max(2).optional();

export const settingsEndpoints = [
  endpoint({
    name: 'get_system_configurations',
    access: 'public',
    duringMaintenance: true,
    input: z.object({}),
    async handler(_input, ctx) {
      return { dataJson: systemConfigurationsJson(ctx.settings) };
    },
  }),

  endpoint({
    name: 'get_web_settings',
    access: 'public',
    duringMaintenance: true,
    input: z.object({}),
    async handler(_input, ctx) {
      // The identity part comes from the server's configuration, not from settings.
      const { identityProvider, firebase, devOutbox, roomStore } = ctx.app.config;
      const identity = {
        identity_provider: identityProvider,
        firebase: firebase
          ? { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId, authEmulatorHost: firebase.authEmulatorHost ?? null }
          : null,
        dev_outbox: devOutbox,
        room_store: roomStore,
      };
      const json = webSettingsJson(ctx.settings);
      return { dataJson: `${json.slice(0, -1)},${JSON.stringify(identity).slice(1)}` };
    },
  }),

  endpoint({
    name: 'get_web_home_settings',
    access: 'public',
    input: z.object({ language_id: optionalId }),
    async handler(_input, ctx) {
      const s = ctx.settings;
      return {
        data: {
          hero_title: s.web_header_title ?? '',
          hero_subtitle: s.web_tagline ?? '',
          modes: MODES.map((m) => ({ key: m.key, route: m.route, enabled: flagSetting(s, m.setting) })),
        },
      };
    },
  }),

  endpoint({
    name: 'get_settings',
    access: 'public',
    duringMaintenance: true,
    input: z.object({
      type: z.enum(PAGE_TYPES, { message: `must be one of ${PAGE_TYPES.join(', ')}` }),
      language: interfaceLanguage,
    }),
    async handler(input, ctx) {
      const db = ctx.app.database.db;
      const page = (await readPage(db, input.type, input.language ?? 'en')) ?? (await readPage(db, input.type, 'en'));
      if (!page) throw new ApiError('102', { field: 'type', detail: `no ${input.type} page yet` });
      return {
        data: {
          type: page.type,
          title: page.title,
          content: page.content,
          ...(page.type === 'faq' ? { items: page.items } : {}),
        },
      };
    },
  }),

  endpoint({
    name: 'get_languages',
    access: 'public',
    duringMaintenance: true,
    input: z.object({ language_id: optionalId }),
    async handler(_input, ctx) {
      const list = await listContentLanguages(ctx.app.database.db);
      if (list.length === 0) throw new ApiError('102');
      return { data: list };
    },
  }),

  endpoint({
    name: 'get_system_language_list',
    access: 'public',
    duringMaintenance: true,
    input: z.object({ from: fromParam }),
    async handler(_input, ctx) {
      const list = await listSystemLanguages(ctx.app.database.db);
      if (list.length === 0) throw new ApiError('102');
      return { data: list };
    },
  }),

  endpoint({
    name: 'get_system_language_json',
    access: 'public',
    duringMaintenance: true,
    input: z.object({ from: fromParam, language: z.string().trim().min(1, 'is required').max(20) }),
    async handler(input, ctx) {
      const db = ctx.app.database.db;
      const found = await readSystemLanguage(db, input.language);
      if (!found) throw new ApiError('102', { field: 'language', detail: `no interface language named ${input.language}` });
      // The web app ships no strings of its own: a key this language lacks (one added by an
      // operator, say) is answered in English, as the app would have shown it; English plural
      // forms only for a key the language lacks altogether.
      const english = found.name === 'en' ? null : await readSystemLanguage(db, 'en');
      return { data: english ? { ...found, strings: withEnglishFallback(found.strings, english.strings) } : found };
    },
  }),
];
