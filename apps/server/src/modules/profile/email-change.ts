import { EmailChangeMessages, PRODUCT_NAME } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { spendCredentials } from '../auth/index.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/passwords.ts';
import type { SessionUser } from '../../platform/sessions.ts';
import * as q from './queries.ts';

/**
 * An email address is a way into the account (forgot password mails it), so a new one takes effect
 * only when the link mailed to it is opened; the old address is told at both steps. The caller has
 * checked the current password.
 *
 * Asking for an address another account uses answers exactly as for a free one (the same pending
 * change, the same notice to the old address), so the answer never tells whether an address has an
 * account. Only the mail differs: the owner of that address is told, and gets no link.
 */

/** How long a confirmation link works. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export function emailChanges({ db, mailer, config, sessions }: AppContext) {
  return {
    /** Mails the link to the new address and tells the old one; the email itself is unchanged. */
    async request(user: SessionUser, newEmail: string): Promise<void> {
      // The change and its mails are one transaction: a change is never recorded unmailed.
      await db.transaction(async (tx) => {
        const holder = await q.emailOfOtherUser(tx, newEmail, user.id);
        // A change to an address in use is recorded like any other; its token is never sent, and
        // opening a link for an address in use is refused anyway.
        const token = newToken();
        // The newest request is the only one pending: an older link stops working.
        await spendCredentials(tx, user.id, 'email-change-requested');
        await q.insertEmailChange(tx, {
          tokenHash: sha256(token),
          userId: user.id,
          newEmail,
          expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
        });
        if (holder) {
          await mailer.send(
            {
              to: holder,
              subject: `${PRODUCT_NAME}: your address was entered on another account`,
              text: `Hello,\n\nSomeone signed in to another account of the ${PRODUCT_NAME} asked to use this email address for that account. The address stays with your account, nothing has changed and no link was sent.\n\nIf you do not know why, you need not do anything. If it happens again, tell the MLS Data Licensing Department.\n`,
            },
            tx,
          );
        } else {
          const link = `${config.publicUrl}/email?token=${encodeURIComponent(token)}`;
          await mailer.send(
            {
              to: newEmail,
              subject: `${PRODUCT_NAME}: confirm your new email address`,
              text: `Hello ${user.username},\n\nOpen this link within 24 hours to use this address for your ${PRODUCT_NAME} account:\n${link}\n\nIf you did not ask for this, ignore this message; nothing changes.\n`,
              link,
            },
            tx,
          );
        }
        if (user.email) {
          await mailer.send(
            {
              to: user.email,
              subject: `${PRODUCT_NAME}: your email address is being changed`,
              text: `Hello ${user.username},\n\nSomeone signed in as you asked to change the email address of your ${PRODUCT_NAME} account to ${newEmail}. It changes only when the link sent there is opened.\n\nIf this was not you, change your password at once and tell the MLS Data Licensing Department.\n`,
            },
            tx,
          );
        }
      });
      await sessions.userChanged(user.id);
    },

    /** Opens a confirmation link: the new address replaces the old, which is told. */
    async confirm(token: string): Promise<{ message: string }> {
      let changed: { userId: number };
      try {
        changed = await db.transaction(async (tx) => {
          const claim = await q.claimEmailChange(tx, sha256(token), new Date());
          if (!claim) throw new BadRequestError(EmailChangeMessages.linkInvalid);
          const user = await q.userEmail(tx, claim.userId);
          if (!user) throw new BadRequestError(EmailChangeMessages.linkInvalid);
          if (await q.emailOfOtherUser(tx, claim.newEmail, claim.userId))
            throw new ConflictError(EmailChangeMessages.taken);
          await q.updateUser(tx, claim.userId, { email: claim.newEmail });
          // Links mailed to the old address, and any other pending change, end with it.
          await spendCredentials(tx, claim.userId, 'email-changed');
          if (user.email && user.email.toLowerCase() !== claim.newEmail.toLowerCase()) {
            await mailer.send(
              {
                to: user.email,
                subject: `${PRODUCT_NAME}: your email address was changed`,
                text: `Hello ${user.username},\n\nThe email address of your ${PRODUCT_NAME} account is now ${claim.newEmail}; this address will get no more mail about it.\n\nIf this was not you, tell the MLS Data Licensing Department at once.\n`,
              },
              tx,
            );
          }
          return { userId: claim.userId };
        });
      } catch (err) {
        // Two accounts confirming one address at once: the unique index decides.
        if (isUniqueViolation(err)) throw new ConflictError(EmailChangeMessages.taken);
        throw err;
      }
      await sessions.userChanged(changed.userId);
      return { message: EmailChangeMessages.changed };
    },
  };
}
