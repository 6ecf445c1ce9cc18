import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contactTypeLinks, contactTypes, contacts } from '../schema.ts';

/**
 * Key contacts of the demo vendors. Summit has a primary and a billing contact but no technical
 * one, so its dashboard names the missing required type; Harbor has every required type.
 */

interface SeedContact {
  types: string[];
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  phone: string;
  notes: string;
}

const SUMMIT: SeedContact[] = [
  {
    types: ['Primary'],
    firstName: 'Renee',
    lastName: 'Castillo',
    title: 'Account Manager',
    email: 'renee.castillo@summitweb.example',
    phone: '+13035550147',
    notes: 'First point of contact for the MLS.',
  },
  {
    types: ['Billing'],
    firstName: 'Marcus',
    lastName: 'Lee',
    title: 'Controller',
    email: 'billing@summitweb.example',
    phone: '+13035550162',
    notes: '',
  },
];

const HARBOR: SeedContact[] = [
  {
    types: ['Primary', 'Technical'],
    firstName: 'Owen',
    lastName: 'Park',
    title: 'Chief Technology Officer',
    email: 'tech@harboridx.example',
    phone: '+12065550118',
    notes: 'Handles feed credentials.',
  },
  {
    types: ['Billing'],
    firstName: 'Lena',
    lastName: 'Ortiz',
    title: 'Accounts Payable',
    email: 'accounts@harboridx.example',
    phone: '+12065550173',
    notes: '',
  },
];

export async function insertDemoContacts(tx: Db, vendors: { summit: number; harbor: number }): Promise<void> {
  const types = await tx
    .select({ id: contactTypes.id, name: contactTypes.name })
    .from(contactTypes)
    .where(inArray(contactTypes.name, ['Primary', 'Technical', 'Billing']));
  const typeId = (name: string) => types.find((t) => t.name === name)!.id;
  for (const [vendorId, list] of [
    [vendors.summit, SUMMIT],
    [vendors.harbor, HARBOR],
  ] as const) {
    for (const { types: names, ...fields } of list) {
      const [row] = await tx
        .insert(contacts)
        .values({ vendorId, ...fields })
        .returning({ id: contacts.id });
      await tx.insert(contactTypeLinks).values(names.map((n) => ({ contactId: row!.id, typeId: typeId(n) })));
    }
  }
}
