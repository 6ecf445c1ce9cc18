import {
  ContactMessages,
  ContactTypeMessages,
  contactLine,
  missingContactTypes,
  type Contact,
  type ContactInput,
  type ContactType,
  type ContactTypeInput,
  type ContactTypeUpdate,
  type ContactUpdate,
  type LiveEvent,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { noticeText, withNotices, type NoticeBatch } from '../notifications/index.ts';
import { accountChangesOf, fieldChanges, recordAccountChange } from '../staff-accounts/index.ts';
import * as q from './queries.ts';

/**
 * Key contacts of a vendor, and the contact types MLS staff maintain. Every change of a contact is
 * recorded on the vendor's record (the changes staff see on the vendor), tells the vendor's other
 * users (a notification, never to the one who made it) and raises a `contact` live event once it
 * has committed.
 */

const FIELDS = ['types', 'firstName', 'lastName', 'title', 'email', 'phone', 'notes'] as const;

type Shown = Record<(typeof FIELDS)[number], unknown>;
const blank: Shown = Object.fromEntries(FIELDS.map((f) => [f, null])) as Shown;

/** The recorded fields of a contact, its types by name. */
const shown = (types: readonly ContactType[], c: Pick<Contact, (typeof FIELDS)[number]>): Shown =>
  ({
    ...Object.fromEntries(FIELDS.map((f) => [f, c[f]])),
    types: types.filter((t) => c.types.includes(t.id)).map((t) => t.name),
  }) as Shown;

const fullName = (c: Pick<Contact, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

export function contactsService(ctx: AppContext) {
  const { db } = ctx;

  async function requireTypes(on: Db, ids: readonly number[]): Promise<ContactType[]> {
    if ((await q.unknownTypeIds(on, ids)).length > 0) throw new BadRequestError(ContactMessages.typeUnknown);
    const types = await q.listTypes(on);
    return types.filter((t) => ids.includes(t.id));
  }

  const typeNames = (types: readonly ContactType[], ids: readonly number[]) =>
    types.filter((t) => ids.includes(t.id)).map((t) => t.name);

  /** Told after the commit: a lost event only delays a refresh, the change itself is stored. */
  async function raise(vendorId: number, actor: Actor, action: LiveEvent['action']) {
    const event: LiveEvent = {
      type: 'contact',
      context: 'vendor',
      siteId: null,
      username: actor.username,
      action,
    };
    await ctx.live
      .publish({ vendorId }, event)
      .catch((err: unknown) => ctx.log.warn({ err }, 'contact event not published'));
  }

  async function tell(
    notices: NoticeBatch,
    tx: Db,
    vendorId: number,
    actor: Actor,
    action: 'added' | 'changed' | 'removed',
    contact: Pick<Contact, 'firstName' | 'lastName'>,
  ) {
    await notices.add(tx, {
      vendorId,
      websiteId: null,
      topic: 'contacts.change',
      content: noticeText.contact(action, fullName(contact), actor),
      actor,
    });
  }

  return {
    listTypes: () => q.listTypes(db),

    list: (vendorId: number, typeId?: number) => q.listContacts(db, vendorId, { typeId }),

    async create(vendorId: number, actor: Actor, input: ContactInput): Promise<Contact> {
      const id = await withNotices(ctx, async (tx, notices) => {
        const types = await requireTypes(tx, input.types);
        const made = await q.insertContact(tx, vendorId, input, actor);
        await recordAccountChange(tx, actor, {
          subject: 'vendor',
          subjectId: vendorId,
          kind: 'contact.created',
          description: `Key contact added: ${fullName(input)} (${typeNames(types, input.types).join(', ')})`,
          changes: fieldChanges(blank, shown(types, input), FIELDS),
        });
        await tell(notices, tx, vendorId, actor, 'added', input);
        return made;
      });
      await raise(vendorId, actor, 'update');
      return (await q.contactById(db, vendorId, id))!;
    },

    async update(vendorId: number, actor: Actor, id: number, input: ContactUpdate): Promise<Contact> {
      const { version, ...fields } = input;
      await withNotices(ctx, async (tx, notices) => {
        const before = await q.lockContact(tx, vendorId, id);
        if (!before) throw new NotFoundError(ContactMessages.notFound);
        if (before.version !== version) throw new ConflictError(ContactMessages.stale);
        const types = await q.listTypes(tx);
        await requireTypes(tx, fields.types);
        if (!(await q.updateContact(tx, vendorId, id, version, fields, actor)))
          throw new ConflictError(ContactMessages.stale);
        const changes = fieldChanges(shown(types, before), shown(types, fields), FIELDS);
        await recordAccountChange(tx, actor, {
          subject: 'vendor',
          subjectId: vendorId,
          kind: 'contact.updated',
          description: `Key contact changed: ${fullName(fields)}${
            changes.length > 0 ? ` (${changes.map((c) => c.field).join(', ')})` : ''
          }`,
          changes,
        });
        await tell(notices, tx, vendorId, actor, 'changed', fields);
      });
      await raise(vendorId, actor, 'update');
      return (await q.contactById(db, vendorId, id))!;
    },

    async remove(vendorId: number, actor: Actor, id: number): Promise<{ message: string }> {
      await withNotices(ctx, async (tx, notices) => {
        const found = await q.lockContact(tx, vendorId, id);
        if (!found) throw new NotFoundError(ContactMessages.notFound);
        await q.deleteContact(tx, vendorId, id);
        await recordAccountChange(tx, actor, {
          subject: 'vendor',
          subjectId: vendorId,
          kind: 'contact.deleted',
          description: `Key contact deleted: ${fullName(found)}`,
        });
        await tell(notices, tx, vendorId, actor, 'removed', found);
      });
      await raise(vendorId, actor, 'delete');
      return { message: ContactMessages.deleted };
    },

    /** What staff changed on a contact type, newest first; an unknown type is 404. */
    async typeHistory(id: number) {
      if (!(await q.typeById(db, id))) throw new NotFoundError(ContactTypeMessages.notFound);
      return accountChangesOf(db, 'contact_type', id);
    },

    async createType(actor: Actor, input: ContactTypeInput): Promise<ContactType> {
      try {
        const id = await db.transaction(async (tx) => {
          const made = await q.insertType(tx, input);
          await recordAccountChange(tx, actor, {
            subject: 'contact_type',
            subjectId: made,
            kind: 'contact_type.created',
            description: ContactTypeMessages.created(input.name),
          });
          return made;
        });
        return (await q.typeById(db, id))!;
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(ContactTypeMessages.nameTaken);
        throw err;
      }
    },

    async updateType(actor: Actor, id: number, input: ContactTypeUpdate): Promise<ContactType> {
      await db.transaction(async (tx) => {
        const before = await q.typeById(tx, id);
        if (!before || !(await q.updateType(tx, id, input)))
          throw new NotFoundError(ContactTypeMessages.notFound);
        await recordAccountChange(tx, actor, {
          subject: 'contact_type',
          subjectId: id,
          kind: 'contact_type.updated',
          description: ContactTypeMessages.saved(before.name),
          changes: fieldChanges(before, { ...before, ...input }, ['required', 'vendorTypes']),
        });
      });
      return (await q.typeById(db, id))!;
    },
  };
}

/** The contact types and a vendor's contacts: all a vendor summary needs of them, read at once. */
export async function contactFacts(
  db: Db,
  vendorId: number,
): Promise<{ types: ContactType[]; contacts: Contact[] }> {
  const [types, contacts] = await Promise.all([q.listTypes(db), q.listContacts(db, vendorId)]);
  return { types, contacts };
}

/**
 * What the vendor summary says of key contacts: the technical and billing contact (the first of
 * that type by name; empty when there is none), and the required types it has none of. The key
 * contacts are the one source: the contact text MLS staff keep on the vendor record is their own
 * note and never stands in for a missing key contact, so the summary cannot name a technical
 * contact while saying that one is missing.
 */
export function contactSummary(
  { types, contacts }: { types: readonly ContactType[]; contacts: readonly Contact[] },
  vendor: { type: string },
): { technicalContact: string; billingContact: string; missingContactTypes: string[] } {
  // The contacts come sorted by name, so the first holding the type is the one to show.
  const firstOfType = (name: string) => {
    const type = types.find((t) => t.name.toLowerCase() === name.toLowerCase());
    return type ? (contacts.find((c) => c.types.includes(type.id)) ?? null) : null;
  };
  const technical = firstOfType('Technical');
  const billing = firstOfType('Billing');
  return {
    technicalContact: technical ? contactLine(technical) : '',
    billingContact: billing ? contactLine(billing) : '',
    missingContactTypes: missingContactTypes(types, contacts, vendor.type),
  };
}
