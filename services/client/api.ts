import toast from 'react-hot-toast';
import { takePrefetchedCall } from '@/services/client/boot';
import { messageKeyFor } from '@/services/domain/code-messages';
import { SOCKET_CALLS } from '@/services/domain/player-socket';
import type { Envelope } from '@/services/domain/codes';
import { i18n } from '@/services/client/i18n';
import { selectLanguageId, selectToken } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';
import { loggedOut } from '@/services/store/user-slice';

/**
 * The one API client (api.md): every call is a multipart POST to `/api/<endpoint>`, with the
 * session token when there is one. There is deliberately no time-out (spec §9).
 */

export type PayloadValue = string | number | boolean | Blob | null | undefined | readonly unknown[] | object;
export type Payload = Readonly<Record<string, PayloadValue>>;

export type ApiFailure = {
  ok: false;
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  /** The envelope's code (`102`, `not_enough_coins`, …), or null when there was no readable envelope. */
  code: string | null;
  field?: string;
  /** The server's explanation (e.g. "user_id: there is no account 7"), when it gave one. */
  detail?: string;
  /** Extra top-level keys of a failure envelope (e.g. `attempts_left`), when there are any. */
  meta?: Readonly<Record<string, unknown>>;
};

export type ApiResult<T> =
  | {
      ok: true;
      data: T;
      /** The success code the server answered with. */
      message: string;
      /** Extra top-level envelope keys such as `total` or `my_rank`. */
      meta: Readonly<Record<string, unknown>>;
    }
  | ApiFailure;

export interface CallOptions {
  /**
   * Show the failure's text as a toast (default true). Views that render their own error state
   * pass false. "No data" (102) is never toasted: it is an empty state, not an error.
   */
  toast?: boolean;
  /** Let the request outlive the page (a report sent while the page is being closed). */
  keepalive?: boolean;
  /** The answer to this same request, already received (the head script's prefetch, services/client/boot.ts). */
  response?: Response;
  /**
   * A sign-in step: a 401 (a deactivated account, a refused proof) answers the screen that asked,
   * which says why; it is not the end of a session, so nobody is signed out or sent home.
   */
  signingIn?: boolean;
}

/** Endpoints whose payload carries `language_id` (spec §7). */
const LANGUAGE_ENDPOINTS: ReadonlySet<string> = new Set([
  'get_categories',
  'get_subcategory_by_maincategory',
  'get_languages',
  'get_web_home_settings',
  'get_questions_by_level',
  'get_daily_quiz',
  'get_questions_by_type',
  'get_fun_n_learn',
  'get_fun_n_learn_questions',
  'get_guess_the_word',
  'get_questions_for_self_challenge',
  'get_contest',
  'get_questions_by_contest',
  'get_contest_leaderboard',
  'set_contest_leaderboard',
  'get_random_questions',
  'create_room',
  'find_random_match',
  'get_audio_questions',
  'get_exam_module',
]);

const NO_DATA = '102';

type Navigate = (path: string) => void;

// A plain module cannot use Next's router hook; the shell hands its router over on mount. Until
// then (or outside React) a full navigation does the job.
let navigate: Navigate = (path) => window.location.assign(path);

export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

function toFormData(endpoint: string, payload: Payload): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (typeof Blob !== 'undefined' && value instanceof Blob) form.append(key, value);
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  if (LANGUAGE_ENDPOINTS.has(endpoint)) {
    form.set('language_id', String(selectLanguageId(getAppStore().getState())));
  }
  return form;
}

function notify(code: string | null, status: number): void {
  const key = status === 0 ? 'errors.network' : messageKeyFor(code);
  // The id folds repeats of the same failure (several calls failing at once) into one toast.
  toast.error(i18n.t(key), { id: `api:${key}` });
}

async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' && 'error' in body ? (body as Envelope<unknown>) : null;
  } catch {
    return null;
  }
}

/** How long a request started ahead of its view (`prefetchRequest`) waits to be taken. */
export const PREFETCH_TTL_MS = 10_000;

const prefetched = new Map<string, { result: Promise<ApiResult<unknown>>; until: number }>();

const requestKey = (endpoint: string, payload: Payload, token: string | null) =>
  `${token ?? ''}|${endpoint}|${JSON.stringify(Object.keys(payload).sort().map((k) => [k, payload[k]]))}`;

/**
 * Starts a call a page is about to make, before the code that makes it has arrived (a game's
 * chunk): the same call, with the same payload and session, made within PREFETCH_TTL_MS takes its
 * answer instead of asking again. Only for calls that read, or that open something the page then
 * resumes (a play session).
 */
export function prefetchRequest(endpoint: string, payload: Payload = {}): void {
  const key = requestKey(endpoint, payload, selectToken(getAppStore().getState()));
  const now = Date.now();
  for (const [k, held] of prefetched) if (held.until < now) prefetched.delete(k);
  if (prefetched.has(key)) return;
  // The head script may have started this very call while the page's scripts were downloading.
  const early = takePrefetchedCall(endpoint, selectToken(getAppStore().getState()), toFormData(endpoint, payload));
  const result = early
    ? early.then((response) => send(endpoint, payload, { toast: false, ...(response ? { response } : {}) }))
    : send(endpoint, payload, { toast: false });
  prefetched.set(key, { result, until: now + PREFETCH_TTL_MS });
}

/** Calls an endpoint and reports the outcome; for views that must tell "empty" from "failed". */
export async function apiRequest<T>(endpoint: string, payload: Payload = {}, options: CallOptions = {}): Promise<ApiResult<T>> {
  const key = requestKey(endpoint, payload, selectToken(getAppStore().getState()));
  const held = prefetched.get(key);
  if (held) {
    prefetched.delete(key);
    if (held.until >= Date.now()) {
      const result = (await held.result) as ApiResult<T>;
      // What the prefetch kept quiet is reported now, as the caller asked.
      if (!result.ok && options.toast !== false && result.status !== 401 && result.code !== NO_DATA) notify(result.code, result.status);
      return result;
    }
  }
  return send<T>(endpoint, payload, options);
}

/**
 * Sends a call over the player's socket when one is ready (services/client/player-socket.ts,
 * registered by room-feed-select.ts): null when there is none, and the call goes over HTTP.
 */
export type SocketCaller = (endpoint: string, input: Record<string, string>, token: string) => Promise<{ status: number; body: unknown }> | null;
let socketCaller: SocketCaller | null = null;

export function setSocketCaller(caller: SocketCaller | null): void {
  socketCaller = caller;
}

/** The call's answer as a status and a readable envelope (or null), over the socket or HTTP; status 0: unreachable. */
async function exchange(endpoint: string, payload: Payload, options: CallOptions, token: string | null): Promise<{ status: number; envelope: Envelope<unknown> | null }> {
  if (options.response) return { status: options.response.status, envelope: await readEnvelope(options.response) };
  const form = toFormData(endpoint, payload);
  // A room call goes over the player's socket while one is ready: the same fields as the form.
  const overSocket = token && !options.keepalive && SOCKET_CALLS.has(endpoint) ? socketCaller?.(endpoint, Object.fromEntries(form as unknown as Iterable<[string, string]>), token) : null;
  if (overSocket) {
    const answer = await overSocket;
    const body = answer.body;
    return { status: answer.status, envelope: body && typeof body === 'object' && 'error' in body ? (body as Envelope<unknown>) : null };
  }
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await fetch(`/api/${endpoint}`, { method: 'POST', body: form, headers, ...(options.keepalive ? { keepalive: true } : {}) });
  return { status: res.status, envelope: await readEnvelope(res) };
}

async function send<T>(endpoint: string, payload: Payload, options: CallOptions): Promise<ApiResult<T>> {
  const store = getAppStore();
  const token = selectToken(store.getState());

  let res: { status: number; envelope: Envelope<unknown> | null };
  try {
    res = await exchange(endpoint, payload, options, token);
    if (res.status === 0) throw new Error('the socket closed before the answer');
  } catch (err) {
    console.warn(`[api] ${endpoint}: network error`, err);
    if (options.toast !== false) notify(null, 0);
    return { ok: false, status: 0, code: null };
  }

  const envelope = res.envelope;
  if (res.status === 200 && envelope && envelope.error === false) {
    const meta: Record<string, unknown> = { ...envelope };
    delete meta.error;
    delete meta.message;
    delete meta.data;
    return { ok: true, data: envelope.data as T, message: envelope.message, meta };
  }

  const code = envelope?.error ? envelope.message : null;
  const field = envelope?.error ? envelope.field : undefined;
  const meta = envelope?.error ? failureMeta(envelope) : undefined;
  const detail = envelope?.error && typeof envelope.detail === 'string' ? envelope.detail : undefined;
  console.warn(`[api] ${endpoint}: HTTP ${res.status}, code ${code ?? 'none'}`, envelope?.error ? envelope.request_id ?? '' : '');

  // A sign-in step's 401 is answered on its own screen, which shows the reason and stays.
  if (res.status === 401 && !options.signingIn) {
    store.dispatch(loggedOut());
    notify(code, res.status);
    navigate('/');
  } else if (options.toast !== false && code !== NO_DATA) {
    notify(code, res.status);
  }
  return { ok: false, status: res.status, code, ...(field ? { field } : {}), ...(detail ? { detail } : {}), ...(meta ? { meta } : {}) };
}

const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['error', 'message', 'data', 'field', 'request_id', 'detail']);

function failureMeta(envelope: Envelope<unknown>): Record<string, unknown> | undefined {
  const extra = Object.entries(envelope).filter(([key]) => !ENVELOPE_KEYS.has(key));
  return extra.length > 0 ? Object.fromEntries(extra) : undefined;
}

/** Calls an endpoint; any failure is logged (and toasted where useful) and yields null (spec §8). */
export async function apiCall<T>(endpoint: string, payload?: Payload, options?: CallOptions): Promise<T | null> {
  const result = await apiRequest<T>(endpoint, payload, options);
  return result.ok ? result.data : null;
}
