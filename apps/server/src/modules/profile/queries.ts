import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userVendors, users, vendors } from '../../db/schema.ts';

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
      'email' | 'firstName' | 'lastName' | 'passwordHash' | 'acceptedTosAt' | 'acceptedTosVersion'
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
    .select({ id: vendors.id, name: vendors.name, active: vendors.active })
    .from(vendors)
    .orderBy(asc(vendors.id));
}
