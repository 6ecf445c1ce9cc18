import { passwordWeakness, type PasswordOwner } from '@vp/contract/password-strength';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userVendors, users, vendors } from '../db/schema.ts';
import { BadRequestError } from './errors.ts';

/**
 * Rules on a new password beyond its schema, wherever one is set (registration, reset, profile):
 * not the username, not made of the owner's own words (name, email, company, the portal's name),
 * not a common breached password, and hard enough to guess by the contract's strength estimate
 * (`@vp/contract/password-strength`, lists shipped with the app, no network). The web app runs the
 * same estimate on its password screens and shows the refusal under the field.
 */
export function checkNewPassword(password: string, owner: PasswordOwner): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new BadRequestError(weakness);
}

/** What a user is known by, for checkNewPassword: their names, email and primary company. */
export async function passwordOwner(db: Db, userId: number): Promise<PasswordOwner> {
  const [user] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [vendor] = await db
    .select({ name: vendors.name })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(eq(userVendors.userId, userId))
    .orderBy(desc(userVendors.isPrimary), asc(userVendors.vendorId))
    .limit(1);
  return { ...user, ...(vendor ? { vendorName: vendor.name } : {}) };
}
