import { INVITATION_DAYS, INVITATION_TTL_MS, PRODUCT_NAME, RESET_TOKEN_TTL_MS } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newToken, sha256 } from '../../platform/passwords.ts';
import * as q from './queries.ts';

/**
 * The links mailed to a user to set a password: a reset link (forgot password, or sent by MLS
 * staff) and an invitation. Each is a fresh token, of which only the SHA-256 is stored; it replaces
 * the user's older unused link of the same kind, works once, and the mail is queued in the caller's
 * transaction, so it goes out exactly when the change that causes it is committed.
 */

export interface LinkRecipient {
  id: number;
  username: string;
  email: string;
}

/** Queues a password reset link (valid one hour) to the user's email. */
export async function mailPasswordReset(ctx: AppContext, tx: Db, user: LinkRecipient): Promise<void> {
  const token = newToken();
  await q.insertPasswordToken(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    kind: 'reset',
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: `${PRODUCT_NAME}: reset your password`,
      text: `Hello ${user.username},\n\nUse this link within one hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n`,
      link,
    },
    tx,
  );
}

/**
 * Queues an invitation (valid INVITATION_DAYS days) opening /registration, where the user sets their
 * password. Answers the token, for the caller's tests.
 */
export async function mailInvitation(
  ctx: AppContext,
  tx: Db,
  user: LinkRecipient & { firstName?: string },
  about: { vendorName?: string; invitedBy?: string } = {},
): Promise<string> {
  const token = newToken();
  await q.insertPasswordToken(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    kind: 'invite',
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/registration?token=${encodeURIComponent(token)}`;
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const what = about.vendorName ? `the ${PRODUCT_NAME} for ${about.vendorName}` : `the ${PRODUCT_NAME}`;
  const lead = about.invitedBy
    ? `${about.invitedBy} of the MLS has invited you to ${what}.`
    : `You have been invited to ${what}.`;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: `${PRODUCT_NAME}: your invitation`,
      text: `${greeting}\n\n${lead}\n\nYour username is ${user.username}. Set your password within ${INVITATION_DAYS} days:\n${link}\n\nThe link works once. If it has expired, ask the MLS to send a new one.\n`,
      link,
    },
    tx,
  );
  return token;
}

/** Ends a user's unused links of a kind (a revoked invitation, a deactivated user's reset link). */
export async function revokeLinks(
  tx: Db,
  userId: number,
  kinds: readonly ('reset' | 'invite')[],
): Promise<number> {
  return q.spendPasswordTokens(tx, userId, kinds);
}
