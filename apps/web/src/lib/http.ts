import { API_TIMEOUT_MS, LOGOUT_CODES, loginPath, Messages, TAB_HEADER } from '@vp/contract';
import { navigateTo } from './navigation.ts';
import { getToken, onSessionReset, resetToken } from './session.ts';
import { getVendor } from './settings.ts';

/**
 * The one way the app talks to the API (spec §7, §8 Session): API root, bearer token, Vendor
 * header, 10 s timeout, statuses below 400 accepted, and the session reactions in one place.
 */
export const API_ROOT = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  /** The refusal as answered, for calls whose refusals carry more than a message. */
  readonly body: unknown;
  constructor(status: number, code: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** False for calls made without the session's bearer token and Vendor header (login, invitations). */
  auth?: boolean;
  /**
   * False when the caller handles a failed session itself (login, invitation, password reset, the
   * guard's own profile check): their 401s are answers to show, not reasons to end the session.
   */
  session?: boolean;
  timeoutMs?: number;
}

/**
 * Ends the session in the browser and goes to the login page, which comes back afterwards to the
 * page (and its URL state) the session ended on.
 */
function reLogin(): void {
  const back = loginPath(`${window.location.pathname}${window.location.search}`);
  resetToken();
  navigateTo(back);
}

let logoutDialogOpen = false;

/** Several calls usually fail together when a session ends; the user is asked once. */
async function askToLogOut(): Promise<void> {
  if (logoutDialogOpen) return;
  logoutDialogOpen = true;
  try {
    const { confirmLogout } = await import('./logout-dialog.tsx');
    const relogin = await confirmLogout();
    if (relogin) reLogin();
  } finally {
    logoutDialogOpen = false;
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFrom(status: number, body: unknown, statusText: string): ApiError {
  if (body && typeof body === 'object') {
    const { code, message } = body as { code?: unknown; message?: unknown };
    return new ApiError(
      status,
      typeof code === 'number' ? code : status,
      typeof message === 'string' && message ? message : statusText || Messages.hasError,
      body,
    );
  }
  return new ApiError(
    status,
    status,
    typeof body === 'string' && body && body.length < 300 ? body : statusText || Messages.hasError,
  );
}

/**
 * This tab's name on its calls (random per page load), which the live events of its writes carry
 * back, so that the tab can tell its own changes from changes made elsewhere.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

/** The bearer token and Vendor header of the session, for calls made with `auth`. */
function sessionHeaders(auth: boolean): { headers: Record<string, string>; token: string | null } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) headers[TAB_HEADER] = TAB_ID;
  const token = getToken();
  if (token && auth) headers.Authorization = `Bearer ${token}`;
  const vendor = getVendor();
  if (vendor !== null && auth) headers.Vendor = String(vendor);
  return { headers, token: token && auth ? token : null };
}

/** A failed answer (status 400 and up) as the error to throw, with the session's reactions to it. */
function failure(
  method: string,
  path: string,
  status: number,
  data: unknown,
  statusText: string,
  sentToken: string | null,
  session: boolean,
): ApiError {
  const answered = errorFrom(status, data, statusText);
  if (status >= 500) console.error(`API ${method} ${path} failed: ${status}`, answered.message);
  // A server failure's own text is for the log, not for the user (503 busy is already worded for them).
  const error =
    status >= 500 && status !== 503 ? new ApiError(status, answered.code, Messages.serverFailed) : answered;
  // A call made with a token that is no longer the session's (logged out, or another user logged
  // in since) says nothing about the current session: its 401 is only this call's failure.
  if (session && sentToken !== null && sentToken === getToken()) {
    if (LOGOUT_CODES.includes(error.code)) {
      void askToLogOut();
    } else if (status === 401) {
      reLogin();
    }
  }
  return error;
}

function networkFailure(): ApiError {
  // The browser's own text ('Failed to fetch') means nothing to a user; say what is wrong.
  return new ApiError(0, 0, isOffline() ? Messages.offline : Messages.unreachable);
}

/**
 * GETs started before the page's code has loaded, so their answers travel while it does. A request
 * for the same path takes the answer, once, if it is for the same session and not stale; a failed
 * early call is simply made again.
 */
const early = new Map<
  string,
  { token: string; vendor: string | undefined; at: number; response: Promise<Response> }
>();
const EARLY_FRESH_MS = 15_000;
// A session that ends takes its early answers with it.
onSessionReset(() => early.clear());

export function fetchEarly(paths: readonly string[]): void {
  const { headers, token } = sessionHeaders(true);
  if (!token) return;
  for (const path of paths) {
    // Already on its way for this session: the answer coming is as good.
    const pending = early.get(path);
    if (pending && sameScope(pending, token, headers.Vendor) && Date.now() - pending.at < EARLY_FRESH_MS)
      continue;
    const response = fetch(`${API_ROOT}${path}`, { headers });
    response.catch(() => undefined);
    early.set(path, { token, vendor: headers.Vendor, at: Date.now(), response });
  }
}

/**
 * Starts more early calls once the early call to `path` has answered, if its answer allows them:
 * `next` reads a copy of that answer (the request that takes it still reads its own) and names the
 * paths to start.
 */
export function fetchEarlyAfter(path: string, next: (body: unknown) => readonly string[]): void {
  const found = early.get(path);
  if (!found) return;
  void found.response
    .then((res) => (res.ok ? (res.clone().json() as Promise<unknown>) : null))
    .then((body) => {
      const paths = body === null ? [] : next(body);
      if (paths.length > 0) fetchEarly(paths);
    })
    .catch(() => undefined);
}

/**
 * A copy of an early call's answer, for a reader besides the request that takes it (the first
 * paint); null when there is none, or it failed.
 */
export async function peekEarly<T>(path: string): Promise<T | null> {
  const found = early.get(path);
  if (!found) return null;
  try {
    const res = await found.response;
    return res.ok ? ((await res.clone().json()) as T) : null;
  } catch {
    return null;
  }
}

/** An early answer serves only the session and vendor it was asked for. */
function sameScope(
  found: { token: string; vendor: string | undefined },
  token: string | null,
  vendor: string | undefined,
) {
  return found.token === token && found.vendor === vendor;
}

/** Forgets an early call whose answer has been used another way (put in the cache directly). */
export function forgetEarly(path: string): void {
  early.delete(path);
}

function takeEarly(
  path: string,
  headers: Record<string, string>,
  token: string | null,
): Promise<Response> | null {
  const found = early.get(path);
  if (!found) return null;
  early.delete(path);
  return sameScope(found, token, headers.Vendor) && Date.now() - found.at < EARLY_FRESH_MS
    ? found.response
    : null;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, session = true, timeoutMs = API_TIMEOUT_MS } = options;
  const { headers, token } = sessionHeaders(auth);
  // A Blob (a picture) is sent as itself, with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  Object.assign(headers, options.headers);

  // A call that needs the session, made when there is none (the user has just logged out and the
  // page still on screen asks again), is refused here rather than by the server: it would only
  // come back 401 and litter the console.
  if (auth && session && !token) throw new ApiError(401, 401, Messages.hasError);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const send = () =>
    fetch(`${API_ROOT}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  const started = method === 'GET' && options.headers === undefined ? takeEarly(path, headers, token) : null;
  let res: Response;
  try {
    res = await (started ? started.catch(send) : send());
  } catch {
    if (controller.signal.aborted) throw new ApiError(0, 408, TIMEOUT_MESSAGE);
    throw networkFailure();
  } finally {
    clearTimeout(timer);
  }

  const data = await readBody(res);
  if (res.status < 400) return data as T;
  throw failure(method, path, res.status, data, res.statusText, token, session);
}

/**
 * A binary answer (a stored file) as a Blob, with the session's headers and the same error
 * handling as `request`. A file may take longer than the 10 s of a JSON call to arrive.
 */
export async function requestBlob(path: string, timeoutMs = 120_000): Promise<Blob> {
  return (await requestFile(path, { timeoutMs })).blob;
}

/**
 * A file the server makes on request (sent a JSON body when given), as a Blob with the answer's
 * headers (its name, its counts), with the session's headers and the same error handling as
 * `request`. Receiving it takes no time on the page's thread: the browser keeps the bytes.
 */
export async function requestFile(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; timeoutMs?: number } = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const { method = 'GET', body, timeoutMs = 120_000 } = options;
  const { headers, token } = sessionHeaders(true);
  headers.Accept = '*/*';
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!token) throw new ApiError(401, 401, Messages.hasError);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetch(`${API_ROOT}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      if (controller.signal.aborted) throw new ApiError(0, 408, TIMEOUT_MESSAGE);
      throw networkFailure();
    }
    if (res.status >= 400)
      throw failure(method, path, res.status, await readBody(res), res.statusText, token, true);
    try {
      return { blob: await res.blob(), headers: res.headers };
    } catch {
      // The answer broke off while the file was arriving.
      if (controller.signal.aborted) throw new ApiError(0, 408, TIMEOUT_MESSAGE);
      throw networkFailure();
    }
  } finally {
    clearTimeout(timer);
  }
}

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** POST unless said otherwise (a PUT replaces what is there). */
  method?: 'POST' | 'PUT';
}

/** The message of an upload the user stopped. */
export const UPLOAD_ABORTED = 'The upload was canceled.';

/**
 * Sends a multipart form with upload progress (fetch reports none), the session's headers and the
 * same error handling as `request`. No overall timeout: a large file on a slow line takes what it
 * takes; a stalled connection is the browser's to end.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { headers, token } = sessionHeaders(true);
  if (!token) return Promise.reject(new ApiError(401, 401, Messages.hasError));
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const method = options.method ?? 'POST';
    xhr.open(method, `${API_ROOT}${path}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? '';
      let data: unknown = xhr.responseText || undefined;
      if (typeof data === 'string' && type.includes('json')) {
        try {
          data = JSON.parse(data) as unknown;
        } catch {
          /* kept as text */
        }
      }
      if (xhr.status > 0 && xhr.status < 400) {
        options.onProgress?.(1);
        resolve(data as T);
      } else reject(failure(method, path, xhr.status, data, xhr.statusText, token, true));
    };
    xhr.onerror = () => reject(networkFailure());
    xhr.onabort = () => reject(new ApiError(0, 0, UPLOAD_ABORTED));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** The server's message for an error, or the spec's fallback. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return Messages.hasError;
}
