/**
 * Helpers for view tests: the app's real store, i18n and toaster around a view, and a fake
 * server at the network edge (global.fetch). Not imported by the app.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import toast from 'react-hot-toast';
import { AppToaster } from '@/components/shell/app-toaster';
import { i18n } from '@/services/client/i18n';
import { getAppStore, resetAppStore, type AppStore } from '@/services/store/store';
import en from '@/locales/en.json';

export type FakeAnswer = { status: number; body: unknown };
export type FakeEndpoint = (form: FormData, init: RequestInit) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { error: false, message: '102', data } });
export const fail = (status: number, code: string): FakeAnswer => ({ status, body: { error: true, message: code, data: null } });

/**
 * Replaces fetch with a fake server answering POST /api/<name> from `endpoints`; any other
 * endpoint answers 404 `not_found`. Returns the mock to inspect calls.
 */
export function fakeServer(endpoints: Record<string, FakeEndpoint>): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const name = String(input).replace(/^\/api\//, '');
    const handler = endpoints[name];
    const answer = handler ? await handler(init.body as FormData, init) : fail(404, 'not_found');
    const response = {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      json: async () => answer.body,
      clone: () => response,
    };
    return response as unknown as Response;
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** Names of the endpoints called, in order. */
export const calledEndpoints = (mock: jest.Mock): string[] =>
  mock.mock.calls.map(([input]) => String(input).replace(/^\/api\//, ''));

export const WEB_SETTINGS = {
  web_header_title: 'Quiz Arena',
  web_tagline: 'Play quizzes, win battles, climb the leaderboards.',
  web_theme_color: '#4f46e5',
  web_footer_text: 'Quiz Arena: play, learn and compete.',
  web_contact_email: 'support@example.com',
  web_default_interface_language: 'en',
  app_name: 'Quiz Arena',
  maintenance_mode: '0',
  demo_mode: '0',
  language_mode: '1',
} as const;

export const englishJson = () => ok({ name: 'en', title: 'English', rtl: false, version: 1, strings: en });

/**
 * A first visit: empty storage, English, no toasts, and no store yet; the next getAppStore() (at
 * the latest, renderWithApp) creates one and starts reading back localStorage.
 */
export async function resetApp(): Promise<void> {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetAppStore();
  toast.remove();
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
}

/** The app's store around a tree, as the shell gives it (`render`'s `wrapper`). */
function WithStore({ children }: { children: ReactNode }) {
  return <Provider store={getAppStore()}>{children}</Provider>;
}

export function renderWithApp(ui: ReactElement): RenderResult & { store: AppStore } {
  const store = getAppStore();
  const result = render(
    <>
      <AppToaster />
      {ui}
    </>,
    { wrapper: WithStore },
  );
  return { ...result, store };
}
