import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, loginCodes, passwordTokens } from '../../db/schema.ts';

/**
 * The secrets a user holds besides their sessions: one-time login codes, mailed reset links and
 * pending email changes. Each is a way into the account, so each ends when the account's keys
 * change: a new password (by reset or in the profile) or a logout spends the codes, a new password
 * spends the reset links, and a confirmed address spends the reset links mailed to the old one and
 * every other pending change.
 */
export type CredentialEvent = 'logout' | 'password-changed' | 'email-changed' | 'email-change-requested';

const SPENDS: Record<CredentialEvent, { codes: boolean; resets: boolean; emailChanges: boolean }> = {
  logout: { codes: true, resets: false, emailChanges: false },
  'password-changed': { codes: true, resets: true, emailChanges: false },
  'email-changed': { codes: true, resets: true, emailChanges: true },
  'email-change-requested': { codes: false, resets: false, emailChanges: true },
};

/** Spends what `event` ends for the user, in the caller's transaction. */
export async function spendCredentials(tx: Db, userId: number, event: CredentialEvent): Promise<void> {
  const spends = SPENDS[event];
  const now = new Date();
  if (spends.codes)
    await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt)));
  if (spends.resets)
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.userId, userId),
          eq(passwordTokens.kind, 'reset'),
          isNull(passwordTokens.usedAt),
        ),
      );
  if (spends.emailChanges)
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}
