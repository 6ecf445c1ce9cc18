import {
  LOGIN_CODE_TTL_MS,
  LoginCodeMessages,
  Messages,
  PASSWORD_MAX,
  UserMessages,
  usernameSchema,
  type LoginAnswer,
  type LoginCodeAnswer,
  type RegisterAnswer,
  type InvitedAccount,
  type RegisterBody,
  type ResetPasswordBody,
  type LoginCodeAccount,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { BadRequestError, UnauthorizedError, parse } from '../../platform/errors.ts';
import { limitedPasswordCheck, loginLimits, reserveResetMail } from '../../platform/login-limit.ts';
import { hashPasswordGated } from '../../platform/password-gate.ts';
import { checkNewPassword, passwordOwner } from '../../platform/new-password.ts';
import { newToken, sha256, verifyPassword } from '../../platform/passwords.ts';
import { runAfterReply } from '../../platform/after-reply.ts';
import type { Session } from '../../platform/sessions.ts';
import { spendCredentials } from './credentials.ts';
import { knownAddress, knownDevice, rememberDevice } from './devices.ts';
import { mailInvitation, mailPasswordReset } from './mailed-links.ts';
import { mfaService } from '../mfa/index.ts';
import * as q from './queries.ts';

export const AuthMessages = {
  loggedOut: 'Logged out',
  passwordChanged: 'Your password has been changed.',
  registered: 'Your account is ready, and you are signed in.',
} as const;

export interface Credentials {
  username: string;
  password: string;
}

/** `Authorization: Basic base64(user:pass)`; a missing or garbled header reads as empty credentials. */
export function parseBasicAuth(header: string | undefined): Credentials {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m?.[1]) return { username: '', password: '' };
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  // The database cannot hold a NUL; no account name or password has one.
  if (decoded.includes('\u0000')) return { username: '', password: '' };
  const colon = decoded.indexOf(':');
  if (colon < 0) return { username: decoded, password: '' };
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function authService(ctx: AppContext) {
  const { db, sessions } = ctx;
  // Every way in ends in the sign-in module's `begin`: a session, or the second step it still needs.
  const mfa = mfaService(ctx);

  return {
    /**
     * A login; `devices` are the device tokens the browser's cookie carries. Answers the session
     * and the browser's new device cookie.
     */
    async login(
      creds: Credentials,
      meta: { address: string; userAgent?: string },
      devices: readonly string[] = [],
    ): Promise<LoginAnswer & { deviceCookie: string }> {
      const username = parse(usernameSchema, creds.username);
      const password = creds.password.length <= PASSWORD_MAX * 4 ? creds.password : '';
      const who = { account: username, address: meta.address };
      const known = await knownDevice(db, devices, username);
      const user = await limitedPasswordCheck(db, who, loginLimits(who, known), async () => {
        const found = await q.findUserByUsername(db, username);
        // Always one scrypt run, whether or not the user exists, so timing tells nothing.
        const ok = await verifyPassword(password, found?.passwordHash);
        return ok && found?.active && password ? found : false;
      });
      if (!user) throw new UnauthorizedError(Messages.loginFailed);
      const answer = await mfa.begin(user, meta, 'password');
      const secure = ctx.config.publicUrl.startsWith('https://');
      const deviceCookie = await rememberDevice(db, user.id, devices, known, secure);
      return { ...answer, deviceCookie };
    },

    /** A one-time code for the session's user, to open the portal elsewhere as them. */
    async newLoginCode(session: Session): Promise<{ code: string; expiresAt: string }> {
      const code = newToken();
      const expiresAt = new Date(Date.now() + LOGIN_CODE_TTL_MS);
      await q.insertLoginCode(db, { codeHash: sha256(code), userId: session.user.id, expiresAt });
      return { code, expiresAt: expiresAt.toISOString() };
    },

    /** Whose account a code opens, for the page that asks before anyone uses it; the code stays unused. */
    async loginCodeAccount(code: string): Promise<LoginCodeAccount> {
      const account = await q.loginCodeAccount(db, sha256(code), new Date());
      if (!account) throw new BadRequestError(LoginCodeMessages.invalid);
      return account;
    },

    /**
     * Uses a one-time code, once its account has been shown and confirmed, for a session of its
     * user; a used, unknown or expired code is refused.
     */
    async loginWithCode(
      code: string,
      meta: { address: string; userAgent?: string },
    ): Promise<LoginCodeAnswer> {
      const user = await q.claimLoginCode(db, sha256(code), new Date());
      if (!user) throw new BadRequestError(LoginCodeMessages.invalid);
      return { ...(await mfa.begin(user, meta, 'code')), username: user.username };
    },

    async logout(session: Session): Promise<{ message: string }> {
      // A code minted by this session must not outlive it.
      await db.transaction((tx) => spendCredentials(tx, session.user.id, 'logout'));
      await sessions.end(session.tokenHash, 'logout');
      return { message: AuthMessages.loggedOut };
    },

    async forgotPassword(
      username: string,
      address: string,
      devices: readonly string[] = [],
    ): Promise<{ message: string }> {
      // The answer goes out before anything about the account is looked at, so neither its content
      // nor its timing can tell whether the account exists.
      runAfterReply(ctx.log, 'password reset mail', async () => {
        // The owner's browser or address has reset mails of its own, which strangers cannot use up.
        const owner =
          (await knownDevice(db, devices, username)) !== null || (await knownAddress(db, username, address));
        if (!(await reserveResetMail(db, username, address, owner))) return;
        const user = await q.findUserByUsername(db, username);
        if (!user?.active || !user.email) return;
        await db.transaction((tx) => mailPasswordReset(ctx, tx, user));
      });
      return { message: Messages.forgotPasswordSent };
    },

    async resetPassword(body: ResetPasswordBody, address: string): Promise<{ message: string }> {
      const userId = await useToken(body.token, 'reset', async (found) => {
        checkNewPassword(body.password, await passwordOwner(db, found.userId));
        return { passwordHash: await hashPasswordGated(body.password, { address }) };
      });
      await sessions.endAllForUser(userId, 'password-reset');
      return { message: AuthMessages.passwordChanged };
    },

    /** Whom an invitation is for; the token stays unused. */
    async invitation(token: string | null): Promise<InvitedAccount> {
      const account = token ? await q.invitationAccount(db, sha256(token), new Date()) : null;
      if (!account) throw new BadRequestError(UserMessages.invitationInvalid);
      return account;
    },

    /** Accepts an invitation: sets the password, and answers a session of the new account. */
    async register(
      token: string | null,
      body: RegisterBody,
      meta: { address: string; userAgent?: string },
    ): Promise<RegisterAnswer> {
      const { address } = meta;
      if (!token) throw new BadRequestError(UserMessages.invitationInvalid);
      const userId = await useToken(token, 'invite', async (found) => {
        checkNewPassword(body.password, {
          ...(await passwordOwner(db, found.userId)),
          ...(body.firstName ? { firstName: body.firstName } : {}),
          ...(body.lastName ? { lastName: body.lastName } : {}),
        });
        return {
          passwordHash: await hashPasswordGated(body.password, { address }),
          activate: true,
          ...(body.firstName ? { firstName: body.firstName } : {}),
          ...(body.lastName ? { lastName: body.lastName } : {}),
        };
      });
      await sessions.userChanged(userId);
      const role = await q.roleOf(db, userId);
      return {
        message: AuthMessages.registered,
        ...(await mfa.begin({ id: userId, role }, meta, 'invitation')),
      };
    },

    /** Creates an invitation for a (usually inactive) user and mails its registration link. */
    async invite(userId: number, email: string): Promise<string> {
      const user = { id: userId, username: (await q.usernameOf(db, userId)) ?? '', email };
      return db.transaction((tx) => mailInvitation(ctx, tx, user));
    },
  };

  /**
   * Checks a mailed token, then sets the password and marks the token used in one transaction. The
   * cheap lookup comes before the expensive hash, so bogus tokens cost the server nothing.
   */
  async function useToken(
    token: string,
    kind: 'reset' | 'invite',
    build: (found: { userId: number; username: string }) => Promise<q.PasswordChange>,
  ): Promise<number> {
    const invalid = kind === 'invite' ? UserMessages.invitationInvalid : Messages.resetTokenInvalid;
    const found = await q.findUsableToken(db, sha256(token), kind, new Date());
    if (!found) throw new BadRequestError(invalid);
    const change = await build(found);
    const claimed = await db.transaction(async (tx) => {
      if (!(await q.claimToken(tx, found.id, new Date()))) return false;
      await q.setPassword(tx, found.userId, change);
      // A new password ends every other way in that the old one could have opened.
      await spendCredentials(tx, found.userId, 'password-changed');
      return true;
    });
    if (!claimed) throw new BadRequestError(invalid);
    return found.userId;
  }
}

export type AuthService = ReturnType<typeof authService>;
