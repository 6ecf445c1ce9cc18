import {
  ROLE_NAMES,
  UserMessages,
  type AccountChange,
  type ManagedRole,
  type UserList,
  type UserListParams,
  type UserSummary,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { mailPasswordReset, revokeLinks } from '../auth/index.ts';
import { accountChangesOf, recordAccountChange } from './audit.ts';
import * as q from './user-queries.ts';

/**
 * Users in the console: their role (vendor or read-only), deactivation and reactivation, a password
 * reset link, and their linked vendor accounts. A deactivation or a change of role ends the user's
 * sessions in its transaction; after the commit every instance is told, so cached sessions are
 * forgotten and live sockets close at once. The last active MLS administrator can be neither
 * deactivated nor given another role.
 */

/** Checks that every vendor named exists; answers them by id. */
export async function requireVendors(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await q.existingVendors(db, unique);
  if (found.length !== unique.length) throw new BadRequestError(UserMessages.vendorUnknown);
  return new Map(found.map((v) => [v.id, v]));
}

export function usersService(ctx: AppContext) {
  const { db, sessions } = ctx;

  /**
   * Locks the active administrators, then the user (always in this order, so two staff members
   * acting at once wait in turn), and refuses removing the last administrator.
   */
  async function lockForRemoval(tx: Db, id: number, removesAdmin: (u: q.UserRecord) => boolean) {
    const admins = await q.lockActiveAdmins(tx);
    const user = await q.lockUser(tx, id);
    if (!user) throw new NotFoundError();
    if (removesAdmin(user) && admins.filter((a) => a !== id).length === 0)
      throw new ConflictError(UserMessages.lastAdmin);
    return user;
  }

  return {
    list: (query: UserListParams, reader: Db = db): Promise<UserList> => q.listUsers(reader, query),

    async detail(id: number): Promise<UserSummary> {
      const user = await q.userSummary(db, id);
      if (!user) throw new NotFoundError();
      return user;
    },

    async history(id: number): Promise<AccountChange[]> {
      if (!(await q.userSummary(db, id))) throw new NotFoundError();
      return accountChangesOf(db, 'user', id);
    },

    async changeRole(actor: Actor, id: number, role: ManagedRole): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const user = await lockForRemoval(tx, id, (u) => u.role === 'admin' && u.active);
        if (user.role === role) throw new ConflictError(UserMessages.roleUnchanged);
        await q.updateUser(tx, id, { role });
        await sessions.endAllInTransaction(tx, id, 'role-changed');
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.role_changed',
          description: `Changed ${user.username}'s role from ${ROLE_NAMES[user.role]} to ${ROLE_NAMES[role]}`,
          changes: [{ field: 'role', from: user.role, to: role }],
        });
      });
      await sessions.announceEnded(id);
      await sessions.userChanged(id);
      return { message: UserMessages.roleChanged(ROLE_NAMES[role]) };
    },

    async deactivate(actor: Actor, id: number): Promise<{ message: string }> {
      const username = await db.transaction(async (tx) => {
        const user = await lockForRemoval(tx, id, (u) => u.role === 'admin' && u.active);
        const standing = q.standingOf(user);
        if (standing === 'invited') throw new ConflictError(UserMessages.invitedNotDeactivatable);
        if (standing === 'deactivated') throw new ConflictError(UserMessages.alreadyDeactivated);
        await q.updateUser(tx, id, { active: false });
        await sessions.endAllInTransaction(tx, id, 'deactivated');
        // A reset link mailed before must not let them back in once they are reactivated.
        await revokeLinks(tx, id, ['reset', 'invite']);
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.deactivated',
          description: `Deactivated ${user.username}`,
          changes: [{ field: 'status', from: 'active', to: 'deactivated' }],
        });
        return user.username;
      });
      await sessions.announceEnded(id);
      await sessions.userChanged(id);
      return { message: UserMessages.deactivated(username) };
    },

    async reactivate(actor: Actor, id: number): Promise<{ message: string }> {
      const username = await db.transaction(async (tx) => {
        const user = await q.lockUser(tx, id);
        if (!user) throw new NotFoundError();
        if (q.standingOf(user) !== 'deactivated') throw new ConflictError(UserMessages.notDeactivated);
        await q.updateUser(tx, id, { active: true });
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.reactivated',
          description: `Reactivated ${user.username}`,
          changes: [{ field: 'status', from: 'deactivated', to: 'active' }],
        });
        return user.username;
      });
      await sessions.userChanged(id);
      return { message: UserMessages.reactivated(username) };
    },

    /** Mails the forgot-password link, as if the user had asked for it, and records who sent it. */
    async sendPasswordReset(actor: Actor, id: number): Promise<{ message: string }> {
      const email = await db.transaction(async (tx) => {
        const user = await q.lockUser(tx, id);
        if (!user) throw new NotFoundError();
        const standing = q.standingOf(user);
        if (standing === 'invited') throw new ConflictError(UserMessages.resetNotRegistered);
        if (standing === 'deactivated') throw new ConflictError(UserMessages.resetNeedsActive);
        if (!user.email) throw new ConflictError(UserMessages.noEmail);
        await mailPasswordReset(ctx, tx, user);
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.password_reset_sent',
          description: `Sent a password reset link to ${user.username} (${user.email})`,
        });
        return user.email;
      });
      return { message: UserMessages.resetSent(email) };
    },

    async setVendors(
      actor: Actor,
      id: number,
      input: { primaryVendorId: number; otherVendorIds: number[] },
    ): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const user = await q.lockUser(tx, id);
        if (!user) throw new NotFoundError();
        const named = await requireVendors(tx, [input.primaryVendorId, ...input.otherVendorIds]);
        const before = await q.linksOf(tx, id);
        await q.setLinks(tx, id, input.primaryVendorId, input.otherVendorIds);
        const after = await q.linksOf(tx, id);
        const show = (links: { code: string; isPrimary: boolean }[]) =>
          links.map((l) => (l.isPrimary ? `${l.code} (primary)` : l.code)).join(', ') || 'none';
        if (show(before) === show(after)) return;
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.vendors_changed',
          description: `Linked ${user.username} to ${show(after)}; was ${show(before)}`,
          changes: [
            {
              field: 'vendors',
              from: before.map((l) => l.id),
              to: [input.primaryVendorId, ...[...named.keys()].filter((k) => k !== input.primaryVendorId)],
            },
          ],
        });
      });
      // Sessions reload the links; sockets of an account no longer linked are closed.
      await sessions.userChanged(id);
      return { message: UserMessages.vendorsSaved };
    },
  };
}
