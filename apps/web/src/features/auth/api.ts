/**
 * The calls of the login-free pages. Plain fetchers without TanStack Query, which the first page
 * loads without; the terms page's query hooks are in terms-api.ts.
 */
import type {
  InvitedAccount,
  LoginCodeAccount,
  LoginCodeResponse,
  LoginResponse,
  Profile,
  RegisterBody,
  RegisterResponse,
} from '@vp/contract';
import { http } from '../../lib/http.ts';

/** base64 of UTF-8 bytes; btoa alone rejects characters outside Latin-1. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthHeader(username: string, password: string): string {
  return `Basic ${base64Utf8(`${username.trim()}:${password}`)}`;
}

export function login(username: string, password: string): Promise<LoginResponse> {
  return http.post<LoginResponse>('/login', undefined, {
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

/** Accepts an invitation; answers a session of the new account. */
export function register(invitationToken: string, body: RegisterBody): Promise<RegisterResponse> {
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

/** Uses a login code, once its account has been confirmed, for a session of that account. */
export function confirmLoginCode(code: string): Promise<LoginCodeResponse> {
  return http.post('/login/code', { code }, { auth: false, session: false });
}

/** Who is logged in on this browser, if anyone; a session that no longer works counts as none. */
export function currentUsername(): Promise<string | null> {
  return http.get<Profile>('/profile', { session: false }).then(
    (p) => p.username,
    () => null,
  );
}
