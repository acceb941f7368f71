/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AppShell } from '@/components/shell/app-shell';
import { englishJson, fail, fakeServer, ok, renderWithApp, resetApp, WEB_SETTINGS } from '@/components/testing/test-app';
import { WEB_SETTINGS_FETCHED_AT_KEY } from '@/services/client/app-bootstrap';
import { BOOT_GLOBAL, PREFETCH_SCRIPT } from '@/services/client/boot';
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';
import { defaultSettings, SYSTEM_SETTINGS } from '@/services/domain/settings';
import { appLanguageChanged } from '@/services/store/languages-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

const mockRouter = { replace: jest.fn(), push: jest.fn(), prefetch: jest.fn(), back: jest.fn(), forward: jest.fn(), refresh: jest.fn() };
let mockPathname = '/';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useRouter: () => mockRouter,
}));

const arabicStrings = {
  'header.hello_guest': 'مرحبًا أيها الزائر',
  'nav.login': 'تسجيل الدخول',
  'settings.interface_language': 'لغة الواجهة',
  'footer.text': 'Quiz Arena: العب وتعلّم وتنافس.',
};

const backgroundCalls = {
  get_system_configurations: () => ok(defaultSettings(SYSTEM_SETTINGS)),
  get_system_language_list: () =>
    ok([
      { name: 'en', title: 'English', rtl: false, version: 1, is_default: true },
      { name: 'ar', title: 'العربية', rtl: true, version: 1, is_default: false },
    ]),
  get_languages: () => ok([{ id: 1, language: 'English', code: 'en', is_default: true }]),
  get_system_language_json: (form: FormData) =>
    form.get('language') === 'ar'
      ? ok({ name: 'ar', title: 'العربية', rtl: true, version: 1, strings: arabicStrings })
      : englishJson(),
};

beforeEach(async () => {
  await resetApp();
  mockPathname = '/';
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as unknown as Record<string, unknown>)[BOOT_GLOBAL];
});

const runHeadScript = () => new Function(PREFETCH_SCRIPT)();
const callsTo = (server: jest.Mock, endpoint: string) => server.mock.calls.filter(([url]) => url === `/api/${endpoint}`);

/** The languages are in the app bar's account menu. */
const openMenu = async () => fireEvent.click(await screen.findByRole('button', { name: /Account and settings$/ }));

describe('the app shell', () => {
  test('keeps the loader up with a retry while web settings fail, and shows the app once a retry succeeds', async () => {
    let settingsAnswer = fail(500, '122');
    fakeServer({ ...backgroundCalls, get_web_settings: () => settingsAnswer });

    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't start the app");
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    settingsAnswer = ok(WEB_SETTINGS);
    fireEvent.click(retry);

    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(Number(window.sessionStorage.getItem(WEB_SETTINGS_FETCHED_AT_KEY))).toBeGreaterThan(0);
  });

  test("shows a signed-in player's account menu instead of the login", async () => {
    fakeServer({ ...backgroundCalls, get_web_settings: () => ok(WEB_SETTINGS) });
    const { store } = renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    act(() => {
      store.dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));
    });
    expect(await screen.findByRole('button', { name: 'Amira Account and settings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  test('shows the maintenance notice instead of any player page while maintenance mode is on', async () => {
    fakeServer({ ...backgroundCalls, get_web_settings: () => ok({ ...WEB_SETTINGS, maintenance_mode: '1' }) });
    mockPathname = '/faq/';
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    expect(await screen.findByRole('heading', { name: 'Under maintenance' })).toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
  });

  test('still shows the admin console while maintenance mode is on', async () => {
    fakeServer({ ...backgroundCalls, get_web_settings: () => ok({ ...WEB_SETTINGS, maintenance_mode: '1' }) });
    mockPathname = '/admin/settings/';
    const { store } = renderWithApp(
      <AppShell>
        <p>admin content</p>
      </AppShell>,
    );
    // The console is for signed-in operators (a guest is sent to sign in first).
    act(() => {
      store.dispatch(loggedIn({ data: { name: 'Ada' }, token: 't0k3n' }));
    });
    expect(await screen.findByText('admin content')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Under maintenance' })).not.toBeInTheDocument();
  });

  test('switching the interface language to Arabic loads its strings and lays the page out right to left', async () => {
    const server = fakeServer({ ...backgroundCalls, get_web_settings: () => ok(WEB_SETTINGS) });
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    await openMenu();
    const select = await screen.findByLabelText('Interface language');
    await screen.findByRole('option', { name: 'العربية' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    fireEvent.change(select, { target: { value: 'ar' } });

    expect((await screen.findAllByRole('link', { name: 'تسجيل الدخول' })).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    const arabicRequest = server.mock.calls.find(
      ([url, init]) => url === '/api/get_system_language_json' && (init.body as FormData).get('language') === 'ar',
    );
    expect((arabicRequest?.[1].body as FormData).get('from')).toBe('2');
    // The shipped footer line is the interface's text: right to left like the page, though its
    // first word is Latin (with dir="auto" it was laid out left to right, its full stop misplaced).
    const footerLine = await screen.findByText('Quiz Arena: العب وتعلّم وتنافس.', undefined, { timeout: 5000 });
    expect(footerLine).not.toHaveAttribute('dir');
  });

  test("an operator's own footer line is content: its direction is its own", async () => {
    fakeServer({ ...backgroundCalls, get_web_settings: () => ok({ ...WEB_SETTINGS, web_footer_text: 'نادي المسابقات في المدرسة' }) });
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    // The footer comes a moment after the page (app-shell.tsx: the frame's extras).
    expect(await screen.findByText('نادي المسابقات في المدرسة', undefined, { timeout: 5000 })).toHaveAttribute('dir', 'auto');
  });

  test.each([
    ['1', true],
    ['0', false],
  ])('with language_mode %s the quiz-language selector is shown: %s', async (languageMode, shown) => {
    const server = fakeServer({
      ...backgroundCalls,
      get_web_settings: () => ok({ ...WEB_SETTINGS, language_mode: languageMode }),
      get_system_configurations: () => ok({ ...defaultSettings(SYSTEM_SETTINGS), language_mode: languageMode }),
    });
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    await screen.findByText('page content');
    await openMenu();
    await screen.findByLabelText('Interface language');
    if (shown) {
      await waitFor(() => expect(screen.getByLabelText('Quiz language')).toHaveDisplayValue('English'));
      expect(screen.getByLabelText('Quiz language')).toBeEnabled();
    } else {
      await waitFor(() => expect(server).toHaveBeenCalledWith('/api/get_system_configurations', expect.anything()));
      expect(screen.queryByLabelText('Quiz language')).not.toBeInTheDocument();
      expect(server).not.toHaveBeenCalledWith('/api/get_languages', expect.anything());
    }
  });

  test("takes the head script's answers instead of asking again: the web settings, then the default language's strings", async () => {
    const server = fakeServer({ ...backgroundCalls, get_web_settings: () => ok({ ...WEB_SETTINGS, web_default_interface_language: 'ar' }) });
    runHeadScript();
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    expect((await screen.findAllByRole('link', { name: 'تسجيل الدخول' })).length).toBeGreaterThan(0);
    expect(callsTo(server, 'get_web_settings')).toHaveLength(1);
    const strings = callsTo(server, 'get_system_language_json');
    expect(strings).toHaveLength(1);
    expect((strings[0]![1].body as FormData).get('language')).toBe('ar');
    expect((strings[0]![1].body as FormData).get('from')).toBe('2');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    await waitFor(() => expect(getAppStore().getState().settings.systemConfig).not.toBeNull());
    expect(callsTo(server, 'get_system_configurations')).toHaveLength(1);
  });

  test('the head script asks for the remembered language at once, without waiting for the settings', async () => {
    window.localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({ languages: JSON.stringify({ currentAppLanguage: { name: 'ar', title: 'العربية', rtl: true } }) }),
    );
    const server = fakeServer({ ...backgroundCalls, get_web_settings: () => new Promise(() => {}) });
    runHeadScript();
    await waitFor(() => expect(callsTo(server, 'get_system_language_json')).toHaveLength(1));
    expect((callsTo(server, 'get_system_language_json')[0]![1].body as FormData).get('language')).toBe('ar');
    expect(callsTo(server, 'get_web_settings')).toHaveLength(1);
  });

  test('a remembered language that cannot be loaded gives way to English from the server, laid out left to right', async () => {
    const server = fakeServer({
      ...backgroundCalls,
      get_web_settings: () => ok(WEB_SETTINGS),
      get_system_language_json: (form: FormData) => (form.get('language') === 'ar' ? fail(500, '122') : englishJson()),
    });
    const { store } = renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    act(() => {
      store.dispatch(appLanguageChanged({ name: 'ar', title: 'العربية', rtl: true }));
    });
    await screen.findByText('page content');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(callsTo(server, 'get_system_language_json').map(([, init]) => (init.body as FormData).get('language'))).toEqual(['ar', 'en']);
  });

  test('content languages turned on by the system configuration after the start are loaded then, the selector holding its place meanwhile', async () => {
    const server = fakeServer({ ...backgroundCalls, get_web_settings: () => ok({ ...WEB_SETTINGS, language_mode: '0' }) });
    renderWithApp(
      <AppShell>
        <p>page content</p>
      </AppShell>,
    );
    await screen.findByText('page content');
    await openMenu();
    await waitFor(() => expect(screen.getByLabelText('Quiz language')).toBeEnabled());
    expect(screen.getByLabelText('Quiz language')).toHaveDisplayValue('English');
    expect(callsTo(server, 'get_languages')).toHaveLength(1);
  });
});
