import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, userVendors, users, vendors } from '../../db/schema.ts';

export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.hash ?? null;
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'email' | 'firstName' | 'lastName' | 'passwordHash' | 'acceptedTosAt' | 'acceptedTosVersion' | 'theme'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function linkedVendors(db: Db, userId: number) {
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      code: vendors.code,
      vendorActive: vendors.active,
      linkActive: userVendors.active,
      isPrimary: userVendors.isPrimary,
    })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(eq(userVendors.userId, userId))
    .orderBy(asc(vendors.name));
}

export async function allVendors(db: Db) {
  return db
    .select({ id: vendors.id, name: vendors.name, code: vendors.code, active: vendors.active })
    .from(vendors)
    .orderBy(asc(vendors.id));
}

/** The address as another user holds it (whatever its case), or null when no other user has it. */
export async function emailOfOtherUser(db: Db, email: string, exceptUserId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row?.email ?? null;
}

export async function insertEmailChange(
  db: Db,
  row: { tokenHash: string; userId: number; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChanges).values(row);
}

/** Uses a confirmation link once: the change it names, or null when it is unknown, used or expired. */
export async function claimEmailChange(tx: Db, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return row ?? null;
}

export async function userEmail(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
