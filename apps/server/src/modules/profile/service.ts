import {
  EmailChangeMessages,
  Messages,
  ROLE_NAMES,
  type DisplayPreferences,
  type LinkedAccount,
  type Profile,
  type ProfileUpdate,
  type TermsOfService,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { currentPasswordLimits, limitedPasswordCheck } from '../../platform/login-limit.ts';
import { checkNewPassword, passwordOwner } from '../../platform/new-password.ts';
import { hashPasswordGated } from '../../platform/password-gate.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { spendCredentials } from '../auth/index.ts';
import { loadSessionUser, type Session, type SessionUser } from '../../platform/sessions.ts';
import { emailChanges } from './email-change.ts';
import * as q from './queries.ts';
import { TERMS_OF_SERVICE } from './tos.ts';

export function profileService(ctx: AppContext) {
  const { db, sessions } = ctx;
  const emails = emailChanges(ctx);

  /** Admins without a linked account act for the first vendor by default, as the scope hook does. */
  async function defaultVendor(user: SessionUser): Promise<number | null> {
    if (user.primaryVendorId !== null || user.role !== 'admin') return user.primaryVendorId;
    const [first] = await q.allVendors(db);
    return first?.id ?? null;
  }

  async function toProfile(user: SessionUser): Promise<Profile> {
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      rolename: ROLE_NAMES[user.role],
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      vendor: await defaultVendor(user),
      acceptedTOS: user.acceptedTOS,
      active: user.active,
      avatar: user.avatar,
      pendingEmail: user.pendingEmail,
      theme: user.theme ?? 'system',
    };
  }

  async function freshProfile(userId: number): Promise<Profile> {
    await sessions.userChanged(userId);
    const user = await loadSessionUser(db, userId);
    if (!user) throw new BadRequestError(Messages.sessionInvalid);
    return toProfile(user);
  }

  return {
    profile: (session: Session) => toProfile(session.user),

    /** Keeps the user's theme with their account ('system' follows the device again). */
    async setDisplay(session: Session, { theme }: DisplayPreferences): Promise<Profile> {
      await q.updateUser(db, session.user.id, { theme: theme === 'system' ? null : theme });
      return freshProfile(session.user.id);
    },

    /** The profile as stored now, after a change made elsewhere (the picture). */
    reload: freshProfile,

    async update(session: Session, body: ProfileUpdate, address: string): Promise<Profile> {
      const userId = session.user.id;
      const who = { account: session.user.username, address };
      const emailChanged = body.email.toLowerCase() !== session.user.email.toLowerCase();
      if (emailChanged && !body.currentPassword)
        throw new BadRequestError(EmailChangeMessages.passwordRequired);
      if (body.password || emailChanged) {
        const stored = await q.passwordHashOf(db, userId);
        const ok = await limitedPasswordCheck(db, who, currentPasswordLimits(who), () =>
          verifyPassword(body.currentPassword ?? '', stored),
        );
        if (!ok) throw new BadRequestError(Messages.currentPasswordWrong);
      }
      let passwordHash: string | undefined;
      if (body.password) {
        checkNewPassword(body.password, {
          ...(await passwordOwner(db, userId)),
          username: session.user.username,
          firstName: body.firstName,
          lastName: body.lastName,
          email: session.user.email,
        });
        passwordHash = await hashPasswordGated(body.password, who);
      }
      // The email changes only through the link mailed to the new address.
      if (emailChanged) await emails.request(session.user, body.email);
      await db.transaction(async (tx) => {
        await q.updateUser(tx, userId, {
          firstName: body.firstName,
          lastName: body.lastName,
          ...(passwordHash ? { passwordHash } : {}),
        });
        if (passwordHash) await spendCredentials(tx, userId, 'password-changed');
      });
      // A new password logs out every other device, but not the one that changed it.
      if (passwordHash) await sessions.endAllForUser(userId, 'password-changed', session.tokenHash);
      return freshProfile(userId);
    },

    async linkedAccounts(session: Session): Promise<LinkedAccount[]> {
      const user = session.user;
      if (user.role === 'admin' && user.links.length === 0) {
        const [all, primary] = [await q.allVendors(db), await defaultVendor(user)];
        return all.map((v) => ({
          rowKey: v.id,
          licensee: v.name,
          vendorCode: v.code,
          status: v.active,
          isPrimary: v.id === primary,
        }));
      }
      const rows = await q.linkedVendors(db, user.id);
      return rows.map((r) => ({
        rowKey: r.id,
        licensee: r.name,
        vendorCode: r.code,
        status: r.linkActive && r.vendorActive,
        isPrimary: r.id === user.primaryVendorId,
      }));
    },

    async acceptTerms(session: Session): Promise<Profile> {
      await q.updateUser(db, session.user.id, {
        acceptedTosAt: new Date(),
        acceptedTosVersion: TERMS_OF_SERVICE.version,
      });
      return freshProfile(session.user.id);
    },

    terms: (): TermsOfService => TERMS_OF_SERVICE,

    confirmEmail: (token: string) => emails.confirm(token),
  };
}
