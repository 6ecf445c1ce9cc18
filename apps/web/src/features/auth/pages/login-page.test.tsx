import { MfaMessages, SIGN_IN_TICKET_TTL_MS, type SecondStep } from '@vp/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouterPageNavigation } from '../../../lib/router-page-navigation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyTexts } from '../../../lib/passkey.ts';
import { getToken, resetToken } from '../../../lib/session.ts';
import { serveApi, type Answer, type Route } from '../../../testing/fake-api.tsx';
import { passkeyCreationOptions, passkeyRequestOptions, stubPasskeys } from '../../../testing/webauthn.ts';
import LoginPage from './login-page.tsx';

function renderLogin(url = '/login') {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <RouterPageNavigation>
            <LoginPage />
          </RouterPageNavigation>
        ),
      },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToken();
});

describe('login form', () => {
  it('trims the username, sends Basic auth, stores the token and follows the redirect', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ token: 'tok-1', role: 'vendor' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin('/login?redirect=%2Ffeedback%3Fx%3D1');

    fill('  demo  ', 'summit-sites-2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'));
    expect(router.state.location.search).toBe('?x=1');
    const sent = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = sent.find(([u]) => u === '/api/login') as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${btoa('demo:summit-sites-2026')}`,
    );
    expect(getToken()).toBe('tok-1');
  });

  it("shows the server's message on failure and stays on /login", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 401, message: 'Incorrect username or password.' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const router = renderLogin();
    fill('demo', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    // The cursor is back in the password, selected, to be typed again.
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong-password'.length]);
  });

  it('a failure that is not about the credentials leaves the focus where it was', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderLogin();
    fill('demo', 'a-password');
    await screen.findByRole('alert');
    expect(document.activeElement).not.toBe(screen.getByLabelText('Password'));
  });

  it('asks for both fields before calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fill('   ', '');
    expect(screen.getByText('Please enter your username.')).toBeTruthy();
    expect(screen.getByText('Please enter a password.')).toBeTruthy();
    // Only the page's own question whether single sign-on is offered.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/login/sso']);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('with only the password missing, the cursor goes to the password', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    fill('demo', '');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('links to the forgot-password page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
  });
});

const verifyStep: SecondStep = {
  secondStep: 'verify',
  ticket: 'ticket-1',
  role: 'vendor',
  methods: ['totp', 'recovery'],
};
const enrolStep: SecondStep = { secondStep: 'enrol', ticket: 'ticket-2', role: 'admin', methods: ['totp'] };

/** The login calls, with the password answering `first` (a session or a second step). */
function serveLogin(first: unknown, more: Route = () => undefined) {
  return serveApi((method, path, body, headers) => {
    const answer = more(method, path, body, headers);
    if (answer) return answer;
    if (method === 'POST' && path === '/login') return { body: first };
    return undefined;
  });
}

const storedToken = () => localStorage.getItem('vp.token');

describe('login: two-step sign-in', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('asks for the code after the password, and stores the session only once the code is right', async () => {
    const { calls } = serveLogin(verifyStep, (method, path, body) => {
      if (method !== 'POST' || path !== '/login/verify') return undefined;
      return (body as { code: string }).code === '123456'
        ? { body: { token: 'tok-2', role: 'vendor' } }
        : { status: 400, body: { code: 400, message: MfaMessages.codeWrong } };
    });
    const router = renderLogin('/login?redirect=%2Fwebsites');
    fill('demo', 'summit-sites-2026');

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    // The answer that asks for the second step is no session: nothing is stored as one.
    expect(getToken()).toBeNull();
    expect(storedToken()).toBeNull();
    const code = (await screen.findByLabelText('Authenticator code')) as HTMLInputElement;
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/A recovery code works too/)).toBeTruthy();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.codeWrong);
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(getToken()).toBe('tok-2');
    expect(calls.filter((c) => c.path === '/login/verify').map((c) => c.body)).toEqual([
      { ticket: 'ticket-1', code: '654321' },
      { ticket: 'ticket-1', code: '123456' },
    ]);
    // Nothing of the finished sign-in is left for a later visit.
    expect(sessionStorage.length).toBe(0);
  });

  it('takes a recovery code, with a keyboard for letters', async () => {
    const { calls } = serveLogin(verifyStep, (method, path) =>
      method === 'POST' && path === '/login/verify'
        ? { body: { token: 'tok-3', role: 'vendor' } }
        : undefined,
    );
    renderLogin();
    fill('demo', 'summit-sites-2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const code = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect(code.inputMode).toBe('text');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: 'ABCDE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToken()).toBe('tok-3'));
    expect(calls.find((c) => c.path === '/login/verify')?.body).toEqual({
      ticket: 'ticket-1',
      code: 'abcde12345',
    });
  });

  it('an expired sign-in goes back to the password form and says why', async () => {
    serveLogin(verifyStep, (method, path) =>
      method === 'POST' && path === '/login/verify'
        ? { status: 401, body: { code: 401, message: MfaMessages.ticketInvalid } }
        : undefined,
    );
    renderLogin();
    fill('demo', 'summit-sites-2026');
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.ticketInvalid);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    // The username stays; the password is typed again.
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('demo');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(getToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('Back to login leaves the second step', async () => {
    serveLogin(verifyStep);
    renderLogin();
    fill('demo', 'summit-sites-2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('sets up an authenticator app and shows the recovery codes before the session starts', async () => {
    const download = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    // The test DOM would follow the file's link as a navigation; a browser saves the file.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const codes = ['abcde12345', 'fghij67890'];
    const { calls } = serveLogin(enrolStep, (method, path, body) => {
      if (method === 'POST' && path === '/login/enrol/totp')
        return {
          body: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          },
        };
      if (method === 'POST' && path === '/login/enrol/totp/confirm')
        return (body as { code: string }).code === '123456'
          ? { body: { token: 'tok-4', role: 'admin', recoveryCodes: codes } }
          : { status: 400, body: { code: 400, message: MfaMessages.codeWrong } };
      return undefined;
    });
    const router = renderLogin('/login?redirect=%2Fadmin%2Fusers');
    fill('alex', 'summit-sites-2026');

    const heading = await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    expect(screen.getByText('Your role requires two-step sign-in. Set it up to continue.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole('button', { name: /Authenticator app/ }));

    const qr = (await screen.findByAltText(
      'QR code to scan with your authenticator app',
    )) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml;utf8,%3Csvg')).toBe(true);
    expect(screen.getByTestId('totp-key').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'abcde-12345',
      'fghij-67890',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Save your recovery codes' }));
    // Set up, but no session until the codes are kept.
    expect(getToken()).toBeNull();
    expect(storedToken()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('abcde-12345\nfghij-67890\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Download .txt' }));
    const file = download.mock.calls
      .map(([blob]) => blob)
      .find((blob): blob is Blob => blob instanceof Blob && blob.type.startsWith('text/plain'));
    expect(await file?.text()).toContain('abcde-12345\nfghij-67890\n');
    expect(saved).toContain('recovery-codes.txt');

    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(getToken()).toBe('tok-4');
    expect(calls.find((c) => c.path === '/login/enrol/totp/confirm')?.body).toEqual({
      ticket: 'ticket-2',
      code: '123456',
    });
  });

  it('shows the same recovery codes again after a reload, and Continue signs in', async () => {
    const codes = ['abcde12345', 'fghij67890'];
    const { calls } = serveLogin(enrolStep, (method, path) => {
      if (method === 'POST' && path === '/login/enrol/totp')
        return {
          body: {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          },
        };
      if (method === 'POST' && path === '/login/enrol/totp/confirm')
        return { body: { token: 'tok-8', role: 'admin', recoveryCodes: codes } };
      return undefined;
    });
    renderLogin('/login?redirect=%2Fadmin%2Fusers');
    fill('alex', 'summit-sites-2026');
    fireEvent.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByTestId('recovery-codes');
    expect(getToken()).toBeNull();

    // A reload: the page starts again from what this tab kept.
    cleanup();
    const router = renderLogin('/login?redirect=%2Fadmin%2Fusers');
    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'abcde-12345',
      'fghij-67890',
    ]);
    expect(screen.queryByRole('heading', { name: 'Set up two-step sign-in' })).toBeNull();
    expect(getToken()).toBeNull();
    expect(storedToken()).toBeNull();

    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(getToken()).toBe('tok-8');
    expect(sessionStorage.length).toBe(0);
    // The spent ticket is not used again.
    expect(calls.filter((c) => c.path === '/login/enrol/totp/confirm')).toHaveLength(1);
  });

  it('forgets the recovery codes kept longer than a sign-in lasts', () => {
    sessionStorage.setItem(
      'vp.signInStep',
      JSON.stringify({
        enrolled: { token: 'tok-9', role: 'admin', recoveryCodes: ['abcde12345'] },
        at: Date.now() - SIGN_IN_TICKET_TTL_MS - 1,
      }),
    );
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
    expect(getToken()).toBeNull();
  });

  it("clears a failed code's message on switching to a recovery code and back", async () => {
    serveLogin(verifyStep, (method, path) =>
      method === 'POST' && path === '/login/verify'
        ? { status: 400, body: { code: 400, message: MfaMessages.codeWrong } }
        : undefined,
    );
    renderLogin();
    fill('demo', 'summit-sites-2026');
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.codeWrong);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.codeWrong);
    fireEvent.click(screen.getByRole('button', { name: 'Use a code from your authenticator app' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the second step another page handed over (a login link, an invitation)', async () => {
    sessionStorage.setItem('vp.signInStep', JSON.stringify({ step: verifyStep, at: Date.now() }));
    serveApi(() => undefined);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
  });

  it('forgets a handed-over step whose ticket has expired', () => {
    sessionStorage.setItem(
      'vp.signInStep',
      JSON.stringify({ step: verifyStep, at: Date.now() - SIGN_IN_TICKET_TTL_MS - 1 }),
    );
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('login: passkeys', () => {
  let browser: ReturnType<typeof stubPasskeys> | null = null;
  afterEach(() => {
    browser?.restore();
    browser = null;
    sessionStorage.clear();
  });

  it('offers a passkey only where the browser has them', () => {
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Log in with a passkey' })).toBeNull();
  });

  it('logs in with a passkey alone, without a ticket', async () => {
    browser = stubPasskeys();
    const { calls } = serveApi((method, path) => {
      if (method === 'POST' && path === '/login/passkey/options')
        return { body: { challengeId: 'ch-1', options: passkeyRequestOptions } };
      if (method === 'POST' && path === '/login/passkey') return { body: { token: 'tok-5', role: 'vendor' } };
      return undefined;
    });
    const router = renderLogin('/login?redirect=%2Ffeedback');
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'));
    expect(getToken()).toBe('tok-5');
    expect(calls.find((c) => c.path === '/login/passkey/options')?.body).toEqual({});
    const sent = calls.find((c) => c.path === '/login/passkey')?.body as Record<string, unknown>;
    expect(sent.ticket).toBeUndefined();
    expect(sent.challengeId).toBe('ch-1');
    expect((sent.response as { id: string }).id).toBe('Y3JlZC0x');
  });

  it('says so when the person closes the browser’s prompt', async () => {
    browser = stubPasskeys({ fail: 'NotAllowedError' });
    const { calls } = serveApi((method, path) =>
      method === 'POST' && path === '/login/passkey/options'
        ? { body: { challengeId: 'ch-1', options: passkeyRequestOptions } }
        : undefined,
    );
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PasskeyTexts.canceled);
    expect(calls.some((c) => c.path === '/login/passkey')).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('sets up a passkey when the role requires a second step, then shows the recovery codes', async () => {
    browser = stubPasskeys();
    const { calls } = serveLogin({ ...enrolStep, methods: ['totp', 'passkey'] }, (method, path) => {
      if (method === 'POST' && path === '/login/enrol/passkey/options')
        return { body: { challengeId: 'ch-3', options: passkeyCreationOptions } };
      if (method === 'POST' && path === '/login/enrol/passkey')
        return { body: { token: 'tok-7', role: 'admin', recoveryCodes: ['abcde12345'] } };
      return undefined;
    });
    renderLogin();
    fill('alex', 'summit-sites-2026');
    fireEvent.click(await screen.findByRole('button', { name: /Passkey/ }));
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Passkey');
    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(calls.find((c) => c.path === '/login/enrol/passkey')?.body).toMatchObject({
      ticket: 'ticket-2',
      challengeId: 'ch-3',
      name: 'Work laptop',
    });
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(getToken()).toBe('tok-7'));
  });

  it('without an authenticator app, offers the passkey first and a recovery code as the fallback', async () => {
    browser = stubPasskeys();
    serveLogin({ ...verifyStep, methods: ['passkey', 'recovery'] }, (method, path) => {
      if (method === 'POST' && path === '/login/passkey/options')
        return { body: { challengeId: 'ch-3', options: passkeyRequestOptions } };
      if (method === 'POST' && path === '/login/passkey')
        return { body: { token: 'tok-10', role: 'vendor' } };
      return undefined;
    });
    renderLogin();
    fill('demo', 'summit-sites-2026');
    const passkey = await screen.findByRole('button', { name: 'Use a passkey' });
    const verify = screen.getByRole('button', { name: 'Verify' });
    const code = screen.getByLabelText('Recovery code');
    // The passkey comes first and is the primary action; the code form follows.
    expect(passkey.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(passkey.className).not.toContain('vp-button-secondary');
    expect(verify.className).toContain('vp-button-secondary');
    expect(screen.getByText(/Use your passkey to continue/)).toBeTruthy();
    expect(document.activeElement).toBe(passkey);
    fireEvent.click(passkey);
    await waitFor(() => expect(getToken()).toBe('tok-10'));
  });

  it('uses a passkey as the second step, with the ticket', async () => {
    browser = stubPasskeys();
    const { calls } = serveLogin(
      { ...verifyStep, methods: ['totp', 'passkey', 'recovery'] },
      (method, path) => {
        if (method === 'POST' && path === '/login/passkey/options')
          return { body: { challengeId: 'ch-2', options: passkeyRequestOptions } };
        if (method === 'POST' && path === '/login/passkey')
          return { body: { token: 'tok-6', role: 'vendor' } };
        return undefined;
      },
    );
    renderLogin();
    fill('demo', 'summit-sites-2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(getToken()).toBe('tok-6'));
    expect(calls.find((c) => c.path === '/login/passkey/options')?.body).toEqual({ ticket: 'ticket-1' });
    expect(calls.find((c) => c.path === '/login/passkey')?.body).toMatchObject({
      ticket: 'ticket-1',
      challengeId: 'ch-2',
    });
  });
});

describe('login: single sign-on', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  /** The single sign-on calls, with `finish` answering the code (a session or a second step). */
  function serveSso(info: unknown, finish: Route = () => undefined) {
    return serveApi((method, path, body, headers) => {
      if (method === 'GET' && path === '/login/sso') return { body: info };
      return finish(method, path, body, headers);
    });
  }
  const session = { token: 'tok-8', role: 'admin' };
  const finished =
    (answer: Answer): Route =>
    (method, path) =>
      method === 'POST' && path === '/login/sso/finish' ? answer : undefined;

  it('offers single sign-on when the portal has it, starting it with the redirect', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { headers, calls } = serveSso({ enabled: true, name: 'Summit MLS' });
    renderLogin('/login?redirect=%2Fqueue%3Ftab%3D2');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in with Summit MLS' }));
    expect(assign).toHaveBeenCalledWith('/api/login/sso/start?redirect=%2Fqueue%3Ftab%3D2');
    const asked = calls.findIndex((c) => c.path === '/login/sso');
    expect(headers[asked]?.Authorization).toBeUndefined();
  });

  it('without a redirect, single sign-on comes back to the dashboard', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    serveSso({ enabled: true, name: 'Summit MLS' });
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in with Summit MLS' }));
    expect(assign).toHaveBeenCalledWith('/api/login/sso/start?redirect=%2Fdashboard');
  });

  it('offers no single sign-on when the portal has none', async () => {
    const { fetchMock } = serveSso({ enabled: false, name: null });
    renderLogin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('button', { name: /^Log in with (?!a passkey)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('finishes with the code it came back with, stores the session and follows the redirect', async () => {
    const { calls } = serveSso({ enabled: true, name: 'Summit MLS' }, finished({ body: session }));
    const router = renderLogin('/login?redirect=%2Fqueue&sso=code-1');
    expect(screen.getByRole('status').textContent).toBe('Finishing single sign-on…');
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'));
    expect(getToken()).toBe('tok-8');
    expect(calls.filter((c) => c.path === '/login/sso/finish').map((c) => c.body)).toEqual([
      { code: 'code-1' },
    ]);
  });

  it('asks for the second step the sign-in needs, storing no session', async () => {
    serveSso({ enabled: true, name: 'Summit MLS' }, finished({ body: verifyStep }));
    const router = renderLogin('/login?redirect=%2Fqueue&sso=code-2');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(storedToken()).toBeNull();
    // The code works once: it leaves the address, the redirect stays.
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fqueue');
  });

  it('says why a used or expired code does not sign in', async () => {
    serveSso(
      { enabled: true, name: 'Summit MLS' },
      finished({ status: 400, body: { code: 400, message: MfaMessages.ssoFailed } }),
    );
    const router = renderLogin('/login?sso=code-3');
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.ssoFailed);
    expect(screen.queryByRole('status')).toBeNull();
    expect(getToken()).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('shows why single sign-on came back without a sign-in', async () => {
    const { calls } = serveSso({ enabled: true, name: 'Summit MLS' });
    const router = renderLogin('/login?redirect=%2Fqueue&ssoError=no-account');
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.ssoNoAccount);
    expect(router.state.location.search).toBe('?redirect=%2Fqueue');
    expect(calls.some((c) => c.path === '/login/sso/finish')).toBe(false);
  });

  it('an unknown reason reads as single sign-on not completing', async () => {
    serveSso({ enabled: false, name: null });
    renderLogin('/login?ssoError=something-else');
    expect((await screen.findByRole('alert')).textContent).toBe(MfaMessages.ssoFailed);
  });
});
