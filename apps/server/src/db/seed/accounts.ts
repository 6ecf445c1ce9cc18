import { TERMS_VERSION, type Role } from '@vp/contract';
import type { Db } from '../client.ts';
import { userVendors, users, vendors } from '../schema.ts';
import { BASE_DAY } from './random.ts';

/** The demo vendor accounts and the users who log in to them. */

export const DEMO_LOGINS: readonly { username: string; password: string; role: Role; note: string }[] = [
  {
    username: 'demo',
    password: 'summit-sites-2026',
    role: 'vendor',
    note: 'Summit Web Solutions, linked to Summit Web Solutions West',
  },
  { username: 'viewer', password: 'read-only-2026', role: 'viewer', note: 'read-only, Summit Web Solutions' },
  { username: 'admin', password: 'mls-staff-2026', role: 'admin', note: 'MLS staff, may act for any vendor' },
  { username: 'other', password: 'harbor-lights-2026', role: 'vendor', note: 'Harbor IDX Co. only' },
  {
    username: 'newbie',
    password: 'first-visit-2026',
    role: 'vendor',
    note: 'Summit Web Solutions, has not accepted the terms',
  },
];

/** First name, last name and email of each demo login. */
const PEOPLE: Record<string, [string, string, string]> = {
  demo: ['Dana', 'Whitfield', 'demo@summitweb.example'],
  viewer: ['Victor', 'Vance', 'viewer@summitweb.example'],
  admin: ['Alex', 'Morgan', 'admin@mls.example'],
  other: ['Owen', 'Park', 'owen.park@harboridx.example'],
  newbie: ['Nora', 'Bell', 'newbie@summitweb.example'],
};

export interface DemoAccounts {
  summit: number;
  west: number;
  harbor: number;
  /** The id of a demo login by username. */
  uid(username: string): number;
}

/** Inserts the vendors, the demo users (with `hashes` in DEMO_LOGINS order) and their links. */
export async function insertAccounts(tx: Db, hashes: readonly string[]): Promise<DemoAccounts> {
  const [summit] = await tx
    .insert(vendors)
    .values({
      code: 'SWS',
      type: 'IDX Vendor',
      name: 'Summit Web Solutions',
      technicalContact: 'Dana Whitfield (dana.whitfield@summitweb.example)',
      billingContact: 'Marcus Lee (billing@summitweb.example)',
      feedType: 'RESO Web API',
      reciprocalAllowed: true,
      permissionAudit: true,
      isConsumer: false,
      isProvider: true,
    })
    .returning({ id: vendors.id });
  if (!summit) throw new Error('seed: vendor insert returned nothing');
  const others = await tx
    .insert(vendors)
    .values([
      {
        code: 'SWS-W',
        type: 'IDX Vendor',
        name: 'Summit Web Solutions West',
        technicalContact: 'Priya Raman (west-support@summitweb.example)',
        billingContact: 'Marcus Lee (billing@summitweb.example)',
        feedType: 'RETS',
        reciprocalAllowed: false,
        permissionAudit: false,
        // Neither provider nor consumer: the account without a data-feed screen.
        isConsumer: false,
        isProvider: false,
        parentVendorId: summit.id,
      },
      {
        code: 'HIC',
        type: 'IDX Vendor',
        name: 'Harbor IDX Co.',
        technicalContact: 'Owen Park (tech@harboridx.example)',
        billingContact: 'Lena Ortiz (accounts@harboridx.example)',
        feedType: 'RESO Web API',
        reciprocalAllowed: false,
        permissionAudit: false,
        isConsumer: true,
        isProvider: false,
      },
    ])
    .returning({ id: vendors.id });
  const west = others[0]!.id;
  const harbor = others[1]!.id;

  const tosAt = new Date(BASE_DAY);
  const userRows = await tx
    .insert(users)
    .values(
      DEMO_LOGINS.map((l, i) => {
        const [firstName, lastName, email] = PEOPLE[l.username]!;
        return {
          username: l.username,
          passwordHash: hashes[i]!,
          role: l.role,
          email,
          firstName,
          lastName,
          acceptedTosAt: l.username === 'newbie' ? null : tosAt,
          acceptedTosVersion: l.username === 'newbie' ? null : TERMS_VERSION,
        };
      }),
    )
    .returning({ id: users.id, username: users.username });
  const uid = (name: string) => userRows.find((u) => u.username === name)!.id;
  await tx.insert(userVendors).values([
    { userId: uid('demo'), vendorId: summit.id, isPrimary: true },
    { userId: uid('demo'), vendorId: west, isPrimary: false },
    { userId: uid('viewer'), vendorId: summit.id, isPrimary: true },
    { userId: uid('other'), vendorId: harbor, isPrimary: true },
    { userId: uid('newbie'), vendorId: summit.id, isPrimary: true },
  ]);
  return { summit: summit.id, west, harbor, uid };
}
