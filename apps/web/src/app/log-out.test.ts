import { LOGOUT_CODES, Messages } from '@vp/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, idleLogOut } from '../layout/session-actions.ts';
import { http } from '../lib/http.ts';
import { setNavigator } from '../lib/navigation.ts';
import { getToken, setAccount, setToken } from '../lib/session.ts';
import { queryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

const confirmLogout = vi.fn<() => Promise<boolean>>();
vi.mock('../lib/logout-dialog.tsx', () => ({ confirmLogout: () => confirmLogout() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  confirmLogout.mockReset();
  navigate.mockReset();
  setNavigator(navigate);
  setToken('demo-token');
  setAccount(['vendor'], true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('Log Out', () => {
  it('ends the session without the session-ended dialog, and leaves nothing of the account behind', async () => {
    // A dashboard call is still on its way when the user logs out; the server answers it 401.
    let answerMetadata: (res: Response) => void = () => undefined;
    const calls: { path: string; auth: string | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const path = input.replace(/^\/api/, '');
        calls.push({ path, auth: (init?.headers as Record<string, string>).Authorization });
        if (path === '/portal/metadata')
          return new Promise<Response>((resolve) => (answerMetadata = resolve));
        return Promise.resolve(json(200, {}));
      }),
    );
    queryClient.setQueryData(['websites', 'list', { page: 1 }], { items: [{ domainName: 'demo.example' }] });
    const inFlight = http.get('/portal/metadata').catch(() => undefined);

    await endSession();
    answerMetadata(json(401, { code: LOGOUT_CODES[0], message: 'Session expired' }));
    await inFlight;
    // The dialog module would have been loaded by now had the 401 asked for it.
    await import('../lib/logout-dialog.tsx');

    expect(confirmLogout).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    // The server is told with the token of the session that ended.
    expect(calls.find((c) => c.path === '/logout')?.auth).toBe('Bearer demo-token');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('queries still on screen do not ask again once the session has ended, so no 401 follows', async () => {
    const calls: { path: string; auth: string | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        calls.push({
          path: input.replace(/^\/api/, ''),
          auth: (init?.headers as Record<string, string>).Authorization,
        });
        return Promise.resolve(json(200, []));
      }),
    );
    // The shell's own queries, observed as the mounted navbar and dashboard observe them.
    const observe = (queryKey: readonly unknown[], path: string, enabled?: boolean) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: () => http.get(path),
        ...(enabled === undefined ? {} : { enabled }),
      });
    // The vendor list sets `enabled` itself; the dashboard's figures take the default.
    const observers = [
      observe(queryKeys.profile.vendors, '/profile/vendors', true),
      observe(queryKeys.dashboard.metadata, '/portal/metadata'),
    ];
    const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
    await vi.waitFor(() => expect(calls.filter((c) => c.path !== '/logout')).toHaveLength(2));

    await endSession();
    // The screens re-render on the way to the login page and hand their options over again.
    for (const o of observers) o.setOptions({ ...o.options });
    await new Promise((r) => setTimeout(r, 20));

    unsubscribe.forEach((u) => u());
    const afterLogout = calls.slice(2).filter((c) => c.path !== '/logout');
    expect(afterLogout).toEqual([]);
  });

  it('a 401 for the current session still asks the user to log in again', async () => {
    confirmLogout.mockResolvedValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { code: LOGOUT_CODES[0], message: 'Session expired' }))),
    );
    await http.get('/portal/metadata').catch(() => undefined);
    await import('../lib/logout-dialog.tsx');
    await vi.waitFor(() => expect(confirmLogout).toHaveBeenCalledTimes(1));
    expect(getToken()).toBe('demo-token');
  });

  it('an idle logout goes to login, which returns to the page and its URL state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, {}))),
    );
    window.history.replaceState(null, '', '/websites?search=harbor&page=2');
    await idleLogOut();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fwebsites%3Fsearch%3Dharbor%26page%3D2');
    // The user is told why; the notice is on screen before the test ends, so none renders after it.
    await vi.waitFor(() =>
      expect(document.querySelector('.ant-message-notice')?.textContent).toContain(Messages.idleLogout),
    );
    window.history.replaceState(null, '', '/');
  });
});
