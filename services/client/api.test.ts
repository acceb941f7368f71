/** @jest-environment jsdom */
import toast from 'react-hot-toast';
import { fail, fakeServer, ok, resetApp } from '@/components/testing/test-app';
import { apiCall, apiRequest, prefetchRequest, PREFETCH_TTL_MS, setApiNavigator } from '@/services/client/api';
import { contentLanguageChosen, contentLanguagesLoaded } from '@/services/store/languages-slice';
import { systemConfigLoaded } from '@/services/store/settings-slice';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

const navigate = jest.fn();
let warn: jest.SpyInstance;
let toastError: jest.SpyInstance;

beforeEach(async () => {
  await resetApp();
  navigate.mockReset();
  setApiNavigator(navigate);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  toastError = jest.spyOn(toast, 'error');
});

afterEach(() => {
  jest.restoreAllMocks();
});

const sentForm = (mock: jest.Mock, call = 0) => mock.mock.calls[call][1].body as FormData;
const sentHeaders = (mock: jest.Mock, call = 0) => mock.mock.calls[call][1].headers as Record<string, string>;

describe('the API client', () => {
  test('posts multipart form data to /api/<endpoint> and yields the envelope data', async () => {
    const server = fakeServer({ get_settings: () => ok({ type: 'faq', title: 'FAQ', content: 'Hi' }) });

    const data = await apiCall('get_settings', { type: 'faq', page: 2, agreed: true, skip: undefined });

    expect(data).toEqual({ type: 'faq', title: 'FAQ', content: 'Hi' });
    const [url, init] = server.mock.calls[0];
    expect(url).toBe('/api/get_settings');
    expect(init.method).toBe('POST');
    expect(init.signal).toBeUndefined();
    const form = sentForm(server);
    expect(form).toBeInstanceOf(FormData);
    expect([...form.entries()]).toEqual([
      ['type', 'faq'],
      ['page', '2'],
      ['agreed', '1'],
    ]);
  });

  test('sends the token as a bearer header only when there is one', async () => {
    const server = fakeServer({ get_user_by_id: () => ok({ name: 'Amira' }) });

    await apiCall('get_user_by_id');
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));
    await apiCall('get_user_by_id');

    expect(sentHeaders(server, 0).Authorization).toBeUndefined();
    expect(sentHeaders(server, 1).Authorization).toBe('Bearer t0k3n');
  });

  test('a 401 logs the player out, goes home and yields null', async () => {
    fakeServer({ get_user_by_id: () => fail(401, '126') });
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));

    const data = await apiCall('get_user_by_id');

    expect(data).toBeNull();
    expect(getAppStore().getState().user).toEqual({ data: null, token: null, isLogin: false });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(toastError).toHaveBeenCalledWith('account deactivated, contact admin', expect.anything());
    expect(warn).toHaveBeenCalled();
  });

  test('any other non-200 answer is logged, shown with its mapped text and yields null', async () => {
    fakeServer({ unlock_premium_category: () => fail(409, 'not_enough_coins') });
    getAppStore().dispatch(loggedIn({ data: { name: 'Amira' }, token: 't0k3n' }));

    const result = await apiRequest('unlock_premium_category', { category: 3 });

    expect(result).toEqual({ ok: false, status: 409, code: 'not_enough_coins' });
    expect(await apiCall('unlock_premium_category', { category: 3 })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unlock_premium_category'), expect.anything());
    expect(toastError).toHaveBeenCalledWith("you don't have enough coins", expect.anything());
    expect(getAppStore().getState().user.isLogin).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an unreachable server or an unreadable answer yields null too', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await apiCall('get_web_settings')).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Could not reach the server. Check your connection and try again.', expect.anything());

    global.fetch = jest.fn().mockResolvedValue({ status: 502, json: () => Promise.reject(new SyntaxError('html')) });
    expect(await apiRequest('get_web_settings')).toEqual({ ok: false, status: 502, code: null });
  });

  test('"no data" and failures a view reports itself are not toasted', async () => {
    fakeServer({ get_bookmark: () => fail(404, '102'), get_settings: () => fail(500, '122') });

    expect(await apiCall('get_bookmark', { type: 1 })).toBeNull();
    expect(await apiCall('get_settings', { type: 'faq' }, { toast: false })).toBeNull();

    expect(toastError).not.toHaveBeenCalled();
  });

  test('adds the chosen content language only to calls that take one, and only when language mode is on', async () => {
    const server = fakeServer({ get_categories: () => ok([]), get_user_by_id: () => ok({}) });
    const store = getAppStore();
    store.dispatch(contentLanguagesLoaded([
      { id: 1, language: 'English', code: 'en', is_default: true },
      { id: 7, language: 'Español', code: 'es', is_default: false },
    ]));
    store.dispatch(contentLanguageChosen({ id: 7, language: 'Español', code: 'es', is_default: false }));

    store.dispatch(systemConfigLoaded({ language_mode: '1' }));
    await apiCall('get_categories', { type: 1 });
    await apiCall('get_user_by_id');
    store.dispatch(systemConfigLoaded({ language_mode: '0' }));
    await apiCall('get_categories', { type: 1 });

    expect(sentForm(server, 0).get('language_id')).toBe('7');
    expect(sentForm(server, 1).has('language_id')).toBe(false);
    expect(sentForm(server, 2).get('language_id')).toBe('0');
  });
});

describe('requests started ahead of their view', () => {
  test('the same call with the same payload and session takes the answer once; any other call asks the server', async () => {
    let served = 0;
    const server = fakeServer({ get_categories: () => ok([{ id: ++served }]) });
    prefetchRequest('get_categories', { type: 1, language_id: 0 });
    expect(server).toHaveBeenCalledTimes(1);
    // Key order does not matter; the answer is the prefetched one.
    expect(await apiRequest('get_categories', { language_id: 0, type: 1 })).toMatchObject({ ok: true, data: [{ id: 1 }] });
    expect(server).toHaveBeenCalledTimes(1);
    // Taken once: the next call asks again.
    expect(await apiRequest('get_categories', { type: 1, language_id: 0 })).toMatchObject({ ok: true, data: [{ id: 2 }] });
    // Another payload is another call.
    prefetchRequest('get_categories', { type: 1, language_id: 0 });
    expect(await apiRequest('get_categories', { type: 2, language_id: 0 })).toMatchObject({ data: [{ id: 4 }] });
    expect(server).toHaveBeenCalledTimes(4);
  });

  test('a prefetch made for another session is not handed to this one', async () => {
    const server = fakeServer({ get_bookmark: () => ok([]) });
    getAppStore().dispatch(loggedIn({ data: { name: 'A' }, token: 'token-a' }));
    prefetchRequest('get_bookmark', { type: '1' });
    getAppStore().dispatch(loggedIn({ data: { name: 'B' }, token: 'token-b' }));
    await apiRequest('get_bookmark', { type: '1' });
    expect(server).toHaveBeenCalledTimes(2);
    expect(sentHeaders(server, 1).Authorization).toBe('Bearer token-b');
  });

  test(`an answer not taken within ${PREFETCH_TTL_MS / 1000} s is dropped; a failure kept quiet is reported to a caller who wants toasts`, async () => {
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    const server = fakeServer({ get_web_home_settings: () => fail(500, '122') });
    prefetchRequest('get_web_home_settings');
    now.mockReturnValue(1_000_000 + PREFETCH_TTL_MS + 1);
    await apiRequest('get_web_home_settings', {}, { toast: false });
    expect(server).toHaveBeenCalledTimes(2);
    expect(toastError).not.toHaveBeenCalled();

    now.mockReturnValue(2_000_000);
    prefetchRequest('get_web_home_settings');
    const result = await apiRequest('get_web_home_settings');
    expect(result).toMatchObject({ ok: false, status: 500, code: '122' });
    expect(server).toHaveBeenCalledTimes(3);
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
