import { Messages } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchEarly, fetchEarlyAfter, forgetEarly, http, TIMEOUT_MESSAGE } from './http.ts';
import { setNavigator } from './navigation.ts';
import { getToken, resetToken, setToken } from './session.ts';
import { setVendor } from './settings.ts';

const confirmLogout = vi.fn<() => Promise<boolean>>();
vi.mock('./logout-dialog.tsx', () => ({ confirmLogout: () => confirmLogout() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  confirmLogout.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  setToken('session-token');
  setVendor(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function sentHeaders(call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('http client', () => {
  it('calls the API root with the bearer token and accepts statuses below 400', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'ok' }));
    await expect(http.get('/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
    expect(sentHeaders().Authorization).toBe('Bearer session-token');
    expect(sentHeaders().Vendor).toBeUndefined();
  });

  it('sends the Vendor header once a linked account is chosen', async () => {
    setVendor(42);
    fetchMock.mockResolvedValue(json(200, {}));
    await http.get('/portal/metadata');
    expect(sentHeaders().Vendor).toBe('42');
  });

  it('a session reset forgets the vendor choice, so the next user does not send it', async () => {
    setVendor(42);
    fetchMock.mockResolvedValue(json(401, { code: 401, message: 'Unauthorized' }));
    await http.get('/profile').catch(() => undefined);
    fetchMock.mockResolvedValue(json(200, {}));
    setToken('next-user-token');
    await http.get('/profile');
    expect(sentHeaders(1).Vendor).toBeUndefined();
    expect(localStorage.getItem('vp.vendor')).toBeNull();
  });

  it('HTTP 401 resets the token and goes to /login, which returns to the page and its URL state', async () => {
    window.history.replaceState(null, '', '/websites?filter=Active&page=3');
    fetchMock.mockResolvedValue(json(401, { code: 401, message: 'Unauthorized' }));
    const err = await http.get('/profile').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Unauthorized');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('vp.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fwebsites%3Ffilter%3DActive%26page%3D3');
    expect(confirmLogout).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('business code 50014 asks once to log out, however many calls fail; Re-Login resets and goes to /login', async () => {
    window.history.replaceState(null, '', '/profile?tab=2');
    let answer: (v: boolean) => void = () => undefined;
    confirmLogout.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    fetchMock.mockImplementation(async () =>
      json(401, { code: 50014, message: 'Your session has expired. Please log in again.' }),
    );

    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await vi.waitFor(() => expect(confirmLogout).toHaveBeenCalledTimes(1));
    // The dialog is open; the session stays until the user chooses.
    expect(getToken()).toBe('session-token');
    expect(navigate).not.toHaveBeenCalled();

    answer(true);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fprofile%3Ftab%3D2'));
    expect(getToken()).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it.each([50008, 50012])('business code %i shows the dialog; Cancel stays on the page', async (code) => {
    confirmLogout.mockResolvedValue(false);
    fetchMock.mockResolvedValue(json(401, { code, message: 'Ended' }));
    await expect(http.get('/a')).rejects.toMatchObject({ code, status: 401 });
    await vi.waitFor(() => expect(confirmLogout).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(getToken()).toBe('session-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('calls that handle their own session failures get the error only', async () => {
    fetchMock.mockResolvedValue(json(401, { code: 401, message: 'Incorrect username or password.' }));
    await expect(http.post('/login', undefined, { auth: false, session: false })).rejects.toThrow(
      'Incorrect username or password.',
    );
    expect(sentHeaders().Authorization).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('session-token');
  });

  it('HTTP 500 is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json(500, { code: 500, message: 'Internal Server Error' }));
    await expect(http.get('/boom')).rejects.toMatchObject({ status: 500 });
    expect(log).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(confirmLogout).not.toHaveBeenCalled();
    expect(getToken()).toBe('session-token');
    log.mockRestore();
  });

  it("a server failure's own text stays in the log; the user reads a sentence about it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json(500, { code: 500, message: 'relation "x" does not exist' }));
    await expect(http.get('/boom')).rejects.toMatchObject({ status: 500, message: Messages.serverFailed });
    fetchMock.mockResolvedValue(json(503, { code: 503, message: Messages.serverBusy }));
    await expect(http.get('/busy')).rejects.toMatchObject({ message: Messages.serverBusy });
    vi.mocked(console.error).mockRestore();
  });

  it("a failed network call never says 'Failed to fetch': offline and unreachable are told apart", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toMatchObject({ status: 0, message: Messages.unreachable });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(http.get('/x')).rejects.toMatchObject({ status: 0, message: Messages.offline });
    onLine.mockRestore();
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect((fetchMock.mock.calls[0]?.[1]?.signal as AbortSignal).aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(TIMEOUT_MESSAGE);
  });

  it('a call that needs the session, made after it ended, never reaches the server', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    resetToken();
    const err = await http.get('/profile/vendors').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
    // Calls that carry their own credentials (login, logout, invitations) still go.
    await http.post('/forgotpassword', { username: 'x' }, { auth: false, session: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('calls started before the page has loaded', () => {
  it('are answered once, to the page that asks for them', async () => {
    setVendor(7);
    fetchMock.mockResolvedValueOnce(json(200, { name: 'early' }));
    fetchEarly(['/profile']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/profile');
    expect(sentHeaders()).toMatchObject({ Authorization: 'Bearer session-token', Vendor: '7' });

    expect(await http.get('/profile')).toEqual({ name: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The next call asks the server again.
    fetchMock.mockResolvedValueOnce(json(200, { name: 'again' }));
    expect(await http.get('/profile')).toEqual({ name: 'again' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('go through the same failure handling as any call', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 401, message: 'Unauthorized' }));
    fetchEarly(['/portal/metadata']);
    const err = await http.get('/portal/metadata').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
  });

  it('are made again when they failed, or belong to another session, or are stale', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchEarly(['/profile']);
    fetchMock.mockResolvedValueOnce(json(200, { name: 'retried' }));
    expect(await http.get('/profile')).toEqual({ name: 'retried' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, { name: 'old session' }));
    fetchEarly(['/profile']);
    setToken('another-token');
    fetchMock.mockResolvedValueOnce(json(200, { name: 'new session' }));
    expect(await http.get('/profile')).toEqual({ name: 'new session' });

    fetchMock.mockReset();
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(200, { name: 'stale' }));
    fetchEarly(['/profile']);
    vi.setSystemTime(Date.now() + 60_000);
    fetchMock.mockResolvedValueOnce(json(200, { name: 'fresh' }));
    expect(await http.get('/profile')).toEqual({ name: 'fresh' });
  });

  it('serve only the vendor they were asked for, and are not made twice while on their way', async () => {
    setVendor(7);
    fetchMock.mockResolvedValueOnce(json(200, { vendorName: 'Seven' }));
    fetchEarly(['/portal/metadata']);
    fetchEarly(['/portal/metadata']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The user switched vendors before the page asked: the answer for vendor 7 is not theirs.
    setVendor(8);
    fetchMock.mockResolvedValueOnce(json(200, { vendorName: 'Eight' }));
    expect(await http.get('/portal/metadata')).toEqual({ vendorName: 'Eight' });
  });

  it('can be forgotten once their answer has been used another way', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { total: 1 }));
    fetchEarly(['/portal/metadata']);
    forgetEarly('/portal/metadata');
    fetchMock.mockResolvedValueOnce(json(200, { total: 2 }));
    expect(await http.get('/portal/metadata')).toEqual({ total: 2 });
  });

  it('can wait for an earlier answer that says whether to make them at all', async () => {
    const allowed = (body: unknown) =>
      (body as { acceptedTOS: boolean }).acceptedTOS ? ['/portal/metadata'] : [];
    fetchMock.mockResolvedValueOnce(json(200, { acceptedTOS: false }));
    fetchEarly(['/profile']);
    fetchEarlyAfter('/profile', allowed);
    // The profile is still whole for the guard that takes it.
    expect(await http.get('/profile')).toEqual({ acceptedTOS: false });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/profile']);

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, { acceptedTOS: true }));
    fetchMock.mockResolvedValueOnce(json(200, { name: 'figures' }));
    fetchEarly(['/profile']);
    fetchEarlyAfter('/profile', allowed);
    expect(await http.get('/profile')).toEqual({ acceptedTOS: true });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/portal/metadata');
    expect(await http.get('/portal/metadata')).toEqual({ name: 'figures' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('that wait for a failed answer are not made', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 401, message: 'Unauthorized' }));
    const next = vi.fn(() => ['/portal/metadata']);
    fetchEarly(['/profile']);
    fetchEarlyAfter('/profile', next);
    await http.get('/profile', { session: false }).catch(() => undefined);
    expect(next).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not made without a session', () => {
    resetToken();
    fetchEarly(['/profile']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
