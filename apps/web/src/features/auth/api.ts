/**
 * The calls of the login-free pages. Plain fetchers without TanStack Query, which the first page
 * loads without; the terms page's query hooks are in terms-api.ts.
 */
import type {
  Enrolled,
  InvitedAccount,
  LoginAnswer,
  LoginCodeAccount,
  LoginCodeAnswer,
  LoginResponse,
  PasskeyOptions,
  Profile,
  RegisterAnswer,
  RegisterBody,
  SsoInfo,
  TotpSetup,
} from '@vp/contract';
import { API_ROOT, http } from '../../lib/http.ts';

/** base64 of UTF-8 bytes; btoa alone rejects characters outside Latin-1. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthHeader(username: string, password: string): string {
  return `Basic ${base64Utf8(`${username.trim()}:${password}`)}`;
}

/** A session, or the second step it still needs (see second-step.ts). */
export function login(username: string, password: string): Promise<LoginAnswer> {
  return http.post<LoginAnswer>('/login', undefined, {
    auth: false,
    session: false,
    headers: { Authorization: basicAuthHeader(username, password) },
  });
}

/** Ends a session on the server; the token is passed in because the browser has forgotten it already. */
export function logout(token: string): Promise<unknown> {
  return http.post('/logout', undefined, {
    auth: false,
    session: false,
    headers: { Authorization: `Bearer ${token}` },
  });
}

export function forgotPassword(username: string): Promise<{ message: string }> {
  return http.post('/forgotpassword', { username: username.trim() }, { auth: false, session: false });
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return http.put('/profile/resetpassword', { token, password }, { auth: false, session: false });
}

export function confirmEmail(token: string): Promise<{ message: string }> {
  return http.post('/profile/email/confirm', { token }, { auth: false, session: false });
}

/** Whom an invitation is for; the invitation stays unused. */
export function invitedAccount(invitationToken: string): Promise<InvitedAccount> {
  return http.get('/profile/register', {
    auth: false,
    session: false,
    headers: { Authorization: `Bearer ${invitationToken}` },
  });
}

/** Accepts an invitation; answers a session of the new account, or the second step it needs first. */
export function register(invitationToken: string, body: RegisterBody): Promise<RegisterAnswer> {
  return http.put('/profile/register', body, {
    auth: false,
    session: false,
    headers: { Authorization: `Bearer ${invitationToken}` },
  });
}

/** Whose account a link's login code opens; the code stays unused. */
export function loginCodeAccount(code: string): Promise<LoginCodeAccount> {
  return http.post('/login/code/account', { code }, { auth: false, session: false });
}

/**
 * Uses a login code, once its account has been confirmed, for a session of that account, or the
 * second step it needs first.
 */
export function confirmLoginCode(code: string): Promise<LoginCodeAnswer> {
  return http.post('/login/code', { code }, { auth: false, session: false });
}

/** Who is logged in on this browser, if anyone; a session that no longer works counts as none. */
export function currentUsername(): Promise<string | null> {
  return http.get<Profile>('/profile', { session: false }).then(
    (p) => p.username,
    () => null,
  );
}

const noSession = { auth: false, session: false } as const;

/** The second step of a sign-in: an authenticator or recovery code for the ticket. */
export function verifyCode(ticket: string, code: string): Promise<LoginResponse> {
  return http.post('/login/verify', { ticket, code }, noSession);
}

/** Whether the login page offers single sign-on for MLS staff, and the name of their provider. */
export function ssoInfo(): Promise<SsoInfo> {
  return http.get('/login/sso', noSession);
}

/**
 * The address that starts single sign-on: the browser goes there (a full page load) and, once the
 * provider has signed the person in, comes back to the login page, which then goes on to `redirect`.
 */
export function ssoStartUrl(redirect: string): string {
  return `${API_ROOT}/login/sso/start?redirect=${encodeURIComponent(redirect)}`;
}

/** Uses the one-time code single sign-on came back with: a session, or the second step it needs. */
export function ssoFinish(code: string): Promise<LoginAnswer> {
  return http.post('/login/sso/finish', { code }, noSession);
}

/** What the browser needs to ask for a passkey: for the ticket's account, or any (no ticket). */
export function passkeySignInOptions(ticket?: string): Promise<PasskeyOptions> {
  return http.post('/login/passkey/options', ticket ? { ticket } : {}, noSession);
}

/** Signs in with the passkey the browser answered, as the second step or without a password. */
export function passkeySignIn(body: {
  ticket?: string;
  challengeId: string;
  response: Record<string, unknown>;
}): Promise<LoginAnswer> {
  return http.post('/login/passkey', body, noSession);
}

/** A new authenticator-app key for the ticket's account, which a first code confirms. */
export function enrolTotp(ticket: string): Promise<TotpSetup> {
  return http.post('/login/enrol/totp', { ticket }, noSession);
}

export function confirmEnrolTotp(ticket: string, code: string): Promise<Enrolled> {
  return http.post('/login/enrol/totp/confirm', { ticket, code }, noSession);
}

export function enrolPasskeyOptions(ticket: string): Promise<PasskeyOptions> {
  return http.post('/login/enrol/passkey/options', { ticket }, noSession);
}

export function enrolPasskey(body: {
  ticket: string;
  challengeId: string;
  response: Record<string, unknown>;
  name?: string;
}): Promise<Enrolled> {
  return http.post('/login/enrol/passkey', body, noSession);
}
