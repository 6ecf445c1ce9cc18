import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginCodes, passwordTokens, users } from '../../db/schema.ts';

export async function findUserByUsername(db: Db, username: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      role: users.role,
      email: users.email,
      active: users.active,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function insertPasswordToken(
  db: Db,
  row: { tokenHash: string; userId: number; kind: 'reset' | 'invite'; expiresAt: Date },
): Promise<void> {
  // A new link replaces older unused ones of the same kind.
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.userId, row.userId),
        eq(passwordTokens.kind, row.kind),
        isNull(passwordTokens.usedAt),
      ),
    );
  await db.insert(passwordTokens).values(row);
}

/** Marks a user's unused tokens of these kinds used; answers how many there were. */
export async function spendPasswordTokens(
  db: Db,
  userId: number,
  kinds: readonly ('reset' | 'invite')[],
): Promise<number> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        inArray(passwordTokens.kind, [...kinds]),
        isNull(passwordTokens.usedAt),
      ),
    )
    .returning({ id: passwordTokens.id });
  return rows.length;
}

export async function findUsableToken(db: Db, tokenHash: string, kind: 'reset' | 'invite', now: Date) {
  const [row] = await db
    .select({ id: passwordTokens.id, userId: passwordTokens.userId, username: users.username })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        eq(passwordTokens.kind, kind),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function roleOf(db: Db, userId: number) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} is gone`);
  return row.role;
}

/** Whom a usable invitation is for, as the registration page shows it. */
export async function invitationAccount(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        eq(passwordTokens.kind, 'invite'),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when another request used it first, which keeps it single-use. */
export async function claimToken(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ id: passwordTokens.id });
  return rows.length === 1;
}

export interface PasswordChange {
  passwordHash: string;
  activate?: boolean;
  firstName?: string;
  lastName?: string;
}

export async function setPassword(db: Db, userId: number, values: PasswordChange): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      updatedAt: new Date(),
      ...(values.activate ? { active: true } : {}),
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
    })
    .where(eq(users.id, userId));
}

export async function insertLoginCode(db: Db, row: { codeHash: string; userId: number; expiresAt: Date }) {
  await db.insert(loginCodes).values(row);
}

/** Uses a login code once: its active user, or null when it is unknown, used or expired. */
export async function claimLoginCode(db: Db, codeHash: string, now: Date) {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
      .returning({ userId: loginCodes.userId });
    if (!claim) return null;
    const [user] = await tx
      .select({ id: users.id, username: users.username, role: users.role, active: users.active })
      .from(users)
      .where(eq(users.id, claim.userId));
    return user?.active ? user : null;
  });
}

/** Whose active account an unused, unexpired login code opens; the code stays unused. */
export async function loginCodeAccount(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(loginCodes)
    .innerJoin(users, eq(users.id, loginCodes.userId))
    .where(
      and(
        eq(loginCodes.codeHash, codeHash),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, now),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function usernameOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
