import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  recoveryCodes,
  sessions,
  signInTickets,
  userFactors,
  users,
  webauthnChallenges,
} from '../../db/schema.ts';
import { recoveryCodeHash } from './codes.ts';

/** The rows of two-step sign-in, read and written; every rule about them is in service.ts. */

export type FactorRow = typeof userFactors.$inferSelect;
export type TicketRow = typeof signInTickets.$inferSelect;

export interface SignInUser {
  id: number;
  username: string;
  email: string;
  role: 'admin' | 'vendor' | 'viewer';
  active: boolean;
}

export async function userOf(db: Db, id: number): Promise<SignInUser | null> {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}

/** A user's confirmed factors, oldest first. */
export function factorsOf(db: Db, userId: number): Promise<FactorRow[]> {
  return db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)))
    .orderBy(asc(userFactors.id));
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Replaces a user's recovery codes with a new set. */
export async function replaceRecoveryCodes(tx: Db, userId: number, codes: readonly string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
}

/** Spends a recovery code once; answers whether it was one of the user's unused codes. */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

/**
 * Takes an authenticator code's time step for a factor: only a step later than every step taken
 * before, so a code (or an earlier one) is never accepted twice, even by two requests at once.
 */
export async function takeTotpStep(
  db: Db,
  factorId: number,
  step: number,
  confirm: boolean,
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(userFactors)
    .set({ lastStep: step, lastUsedAt: now, ...(confirm ? { confirmedAt: now } : {}) })
    .where(
      and(eq(userFactors.id, factorId), or(isNull(userFactors.lastStep), lt(userFactors.lastStep, step))),
    )
    .returning({ id: userFactors.id });
  return rows.length > 0;
}

/** The authenticator app being set up: the user's newest unconfirmed one. */
export async function pendingTotp(db: Db, userId: number): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.kind, 'totp'), isNull(userFactors.confirmedAt)))
    .orderBy(sql`${userFactors.id} desc`)
    .limit(1);
  return row ?? null;
}

export async function insertPendingTotp(db: Db, userId: number, secret: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(userFactors)
      .where(
        and(eq(userFactors.userId, userId), eq(userFactors.kind, 'totp'), isNull(userFactors.confirmedAt)),
      );
    await tx.insert(userFactors).values({ userId, kind: 'totp', name, totpSecret: secret });
  });
}

export async function passkeyByCredential(db: Db, credentialId: string): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.credentialId, credentialId), isNotNull(userFactors.confirmedAt)))
    .limit(1);
  return row ?? null;
}

/** Records a passkey's use; its counter must grow when the authenticator keeps one. */
export async function usePasskey(db: Db, id: number, counter: number): Promise<void> {
  await db.update(userFactors).set({ counter, lastUsedAt: new Date() }).where(eq(userFactors.id, id));
}

// Tickets

export async function insertTicket(
  db: Db,
  values: Omit<typeof signInTickets.$inferInsert, 'id' | 'createdAt' | 'attempts' | 'usedAt'>,
): Promise<void> {
  await db.insert(signInTickets).values(values);
}

/** A ticket still open: unused and unexpired. */
export async function openTicket(db: Db, tokenHash: string): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(signInTickets)
    .where(
      and(
        eq(signInTickets.tokenHash, tokenHash),
        isNull(signInTickets.usedAt),
        gt(signInTickets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a ticket up; answers false when another request did first. */
export async function closeTicket(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(signInTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTickets.id, id), isNull(signInTickets.usedAt)))
    .returning({ id: signInTickets.id });
  return rows.length > 0;
}

/** Counts a wrong code against a ticket; at the limit the ticket is void (answers true then). */
export async function failTicket(db: Db, id: number, limit: number): Promise<boolean> {
  const [row] = await db
    .update(signInTickets)
    .set({
      attempts: sql`${signInTickets.attempts} + 1`,
      usedAt: sql`case when ${signInTickets.attempts} + 1 >= ${limit} then now() else ${signInTickets.usedAt} end`,
    })
    .where(eq(signInTickets.id, id))
    .returning({ attempts: signInTickets.attempts });
  return (row?.attempts ?? limit) >= limit;
}

/** Expired tickets and challenges are worth nothing. */
export async function pruneTickets(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date(now.getTime() - 86_400_000)));
}

// WebAuthn challenges

export async function insertChallenge(db: Db, values: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(values);
}

/** Takes a challenge once, within its time. */
export async function takeChallenge(
  db: Db,
  id: string,
  purpose: (typeof webauthnChallenges.$inferSelect)['purpose'],
): Promise<typeof webauthnChallenges.$inferSelect | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

// Sessions' confirmation

export async function confirmedAtOf(db: Db, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sessions.confirmedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.at ?? null;
}

export async function markConfirmed(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ confirmedAt: at }).where(eq(sessions.id, sessionId));
}

/** Removes every factor and recovery code of a user. */
export async function removeAllFactors(tx: Db, userId: number): Promise<number> {
  const removed = await tx
    .delete(userFactors)
    .where(eq(userFactors.userId, userId))
    .returning({ id: userFactors.id, confirmedAt: userFactors.confirmedAt });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.filter((r) => r.confirmedAt !== null).length;
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.hash ?? null;
}
