import { ROLE_NAMES, UserMessages, type InvitationValues } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { mailInvitation, revokeLinks } from '../auth/index.ts';
import { actorName, recordAccountChange } from './audit.ts';
import * as q from './user-queries.ts';
import { requireVendors } from './users.ts';

/**
 * Invitations: a user who does not exist yet is made inactive, without a password, linked to their
 * vendor accounts, and mailed a link to /registration that works once, for seven days (only its
 * SHA-256 is stored, in password_tokens). Staff can send it again (the older link stops working)
 * or revoke it; registering through the link activates the user.
 */

export function invitationsService(ctx: AppContext) {
  const { db } = ctx;

  async function invitedUser(tx: Db, id: number): Promise<q.UserRecord> {
    const user = await q.lockUser(tx, id);
    if (!user) throw new NotFoundError();
    if (q.standingOf(user) !== 'invited') throw new ConflictError(UserMessages.notInvited);
    if (!user.email) throw new ConflictError(UserMessages.noEmail);
    return user;
  }

  async function primaryName(tx: Db, userId: number): Promise<string | undefined> {
    const links = await q.linksOf(tx, userId);
    const primary = links.find((l) => l.isPrimary);
    if (!primary) return undefined;
    const [vendor] = await q.existingVendors(tx, [primary.id]);
    return vendor?.name;
  }

  return {
    async invite(actor: Actor, input: InvitationValues): Promise<{ id: number; message: string }> {
      try {
        const id = await db.transaction(async (tx) => {
          const vendors = await requireVendors(tx, [input.primaryVendorId, ...input.otherVendorIds]);
          if ((await q.holderOf(tx, 'username', input.username)) !== null)
            throw new ConflictError(UserMessages.usernameTaken);
          if ((await q.holderOf(tx, 'email', input.email)) !== null)
            throw new ConflictError(UserMessages.emailTaken);
          const id = await q.insertInvitedUser(tx, {
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: input.role,
          });
          await q.setLinks(tx, id, input.primaryVendorId, input.otherVendorIds);
          const primary = vendors.get(input.primaryVendorId)!;
          await mailInvitation(
            ctx,
            tx,
            { id, username: input.username, email: input.email, firstName: input.firstName },
            { vendorName: primary.name, invitedBy: actorName(actor) },
          );
          await recordAccountChange(tx, actor, {
            subject: 'user',
            subjectId: id,
            kind: 'user.invited',
            description: `Invited ${input.username} (${input.email}) as ${ROLE_NAMES[input.role]} for ${primary.code}`,
          });
          return id;
        });
        return { id, message: UserMessages.invited(input.email) };
      } catch (err) {
        // Two invitations for the same name or address at once: the unique indexes decide.
        if (isUniqueViolation(err)) throw new ConflictError(UserMessages.usernameTaken);
        throw err;
      }
    },

    async resend(actor: Actor, userId: number): Promise<{ message: string }> {
      const email = await db.transaction(async (tx) => {
        const user = await invitedUser(tx, userId);
        await mailInvitation(ctx, tx, user, {
          vendorName: await primaryName(tx, userId),
          invitedBy: actorName(actor),
        });
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: userId,
          kind: 'user.invitation_resent',
          description: `Sent the invitation again to ${user.username} (${user.email})`,
        });
        return user.email;
      });
      return { message: UserMessages.invitationResent(email) };
    },

    async revoke(actor: Actor, userId: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const user = await invitedUser(tx, userId);
        if ((await revokeLinks(tx, userId, ['invite'])) === 0)
          throw new ConflictError(UserMessages.noPendingInvitation);
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: userId,
          kind: 'user.invitation_revoked',
          description: `Revoked the invitation of ${user.username} (${user.email})`,
        });
      });
      return { message: UserMessages.invitationRevoked };
    },
  };
}
