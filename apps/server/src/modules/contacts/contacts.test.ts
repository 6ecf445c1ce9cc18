import {
  CONTACT_NOTES_MAX,
  ContactMessages,
  ContactTypeMessages,
  Messages,
  contactListSchema,
  contactSchema,
  contactTypeListSchema,
  metadataSchema,
  type Contact,
  type ContactType,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../platform/events.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** Key contacts: who reads and writes them, the rules of their fields, and what a change leaves behind. */

let t: PortalTest;
let types: ContactType[];
let events: BusEvents['live.event'][];
beforeAll(async () => {
  t = await setupPortal();
  t.app.ctx.bus.subscribe('live.event', (e) => {
    if (e.event.type === 'contact') events.push(e);
  });
  const res = await t.call(t.tokens.demo, 'GET', '/api/contacts/types');
  types = contactTypeListSchema.parse(res.json());
});
beforeEach(() => {
  events = [];
});
afterAll(async () => t?.close());

type Who = 'demo' | 'viewer' | 'admin' | 'other';
const typeId = (name: string) => types.find((x) => x.name === name)!.id;
const vendorFor = (who: Who) => (who === 'admin' ? t.vendors.summit : undefined);
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(t.tokens[who], method, url, payload, vendorFor(who));

const input = (extra: object = {}) => ({
  types: [typeId('Technical')],
  firstName: 'Avery',
  lastName: 'Quinn',
  title: 'Lead Developer',
  email: 'avery.quinn@summitweb.example',
  phone: '(720) 201-0100',
  notes: 'Prefers email.',
  ...extra,
});

async function list(who: Who, query = ''): Promise<Contact[]> {
  const res = await call(who, 'GET', `/api/portal/contacts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return contactListSchema.parse(res.json());
}

async function create(who: Who = 'demo', extra: object = {}): Promise<Contact> {
  const res = await call(who, 'POST', '/api/contacts', input(extra));
  expect(res.statusCode, res.body).toBe(201);
  return contactSchema.parse(res.json());
}

async function metadata() {
  const res = await call('demo', 'GET', '/api/portal/metadata');
  expect(res.statusCode, res.body).toBe(200);
  return metadataSchema.parse(res.json());
}

const removeAll = async (vendorId: number, firstName = 'Avery') =>
  t.rows(sql`DELETE FROM contacts WHERE vendor_id = ${vendorId} AND first_name = ${firstName} RETURNING id`);

describe('GET /api/contacts/types', () => {
  it('answers the seeded types in order, Technical and Billing required for every vendor type', async () => {
    expect(types.map((x) => [x.name, x.required, x.vendorTypes])).toEqual([
      ['Primary', false, []],
      ['Technical', true, []],
      ['Billing', true, []],
      ['Compliance', false, []],
      ['Marketing', false, []],
    ]);
  });

  it('needs a session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/contacts/types' })).statusCode).toBe(401);
  });
});

describe('GET /api/portal/contacts', () => {
  it('answers the vendor’s own contacts, with their types and the phone as people read it', async () => {
    const summit = await list('demo');
    expect(summit.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Renee Castillo', 'Marcus Lee']);
    expect(summit[0]).toMatchObject({
      types: [typeId('Primary')],
      phone: '+13035550147',
      phoneNational: '(303) 555-0147',
    });
    expect(await list('viewer')).toEqual(summit);
    expect(await list('admin')).toEqual(summit);
    const harbor = await list('other');
    expect(harbor.map((c) => c.lastName)).toEqual(['Ortiz', 'Park']);
  });

  it('filters by type', async () => {
    expect((await list('demo', `?type=${typeId('Billing')}`)).map((c) => c.lastName)).toEqual(['Lee']);
    expect(await list('demo', `?type=${typeId('Technical')}`)).toEqual([]);
    const bad = await call('demo', 'GET', '/api/portal/contacts?type=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/portal/contacts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/contacts', () => {
  it('adds a contact, stores the phone in E.164, records it on the vendor and tells the others', async () => {
    const made = await create('demo', { types: [typeId('Technical'), typeId('Primary')] });
    expect(made).toMatchObject({
      version: 1,
      types: [typeId('Primary'), typeId('Technical')],
      firstName: 'Avery',
      phone: '+17202010100',
      phoneNational: '(720) 201-0100',
      updatedBy: 'demo',
    });
    expect((await list('viewer')).map((c) => c.id)).toContain(made.id);

    const [change] = await t.rows<{ kind: string; subject: string; subject_id: number; description: string }>(
      sql`SELECT kind, subject, subject_id, description FROM account_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(change).toEqual({
      kind: 'contact.created',
      subject: 'vendor',
      subject_id: t.vendors.summit,
      description: 'Key contact added: Avery Quinn (Primary, Technical)',
    });
    // The vendor's other users hear of it (the viewer), never the one who made it.
    const notes = await t.rows<{ username: string; content: string; link: string }>(
      sql`SELECT u.username, n.content, n.link FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.topic = 'contacts.change' ORDER BY n.id DESC`,
    );
    expect(notes.map((n) => n.username)).toContain('viewer');
    expect(notes.map((n) => n.username)).not.toContain('demo');
    expect(notes[0]).toMatchObject({
      content: 'Summit Web Solutions: Avery Quinn was added to the key contacts by demo',
      link: '/team',
    });
    expect(events.map((e) => [e.target.vendorId, e.event])).toEqual([
      [
        t.vendors.summit,
        { type: 'contact', context: 'vendor', siteId: null, username: 'demo', action: 'update' },
      ],
    ]);
    await removeAll(t.vendors.summit);
  });

  it.each([
    ['no types', { types: [] }, ContactMessages.typesRequired],
    ['no first name', { firstName: ' ' }, ContactMessages.firstNameRequired],
    ['a long first name', { firstName: 'a'.repeat(101) }, ContactMessages.firstNameTooLong],
    ['no last name', { lastName: '' }, ContactMessages.lastNameRequired],
    ['a long last name', { lastName: 'a'.repeat(101) }, ContactMessages.lastNameTooLong],
    ['a long title', { title: 'a'.repeat(121) }, ContactMessages.titleTooLong],
    ['no email', { email: '' }, ContactMessages.emailRequired],
    ['a bad email', { email: 'avery@' }, ContactMessages.emailInvalid],
    ['a bad phone', { phone: '555-0100' }, ContactMessages.phoneInvalid],
    ['a phone with an extension', { phone: '(720) 201-0100 x 5' }, ContactMessages.phoneExtension],
    ['long notes', { notes: 'a'.repeat(CONTACT_NOTES_MAX + 1) }, ContactMessages.notesTooLong],
    ['an unknown type', { types: [9999] }, ContactMessages.typeUnknown],
  ])('refuses %s with its message, and writes nothing', async (_label, extra, message) => {
    const before = await list('demo');
    const res = await call('demo', 'POST', '/api/contacts', input(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
    expect(await list('demo')).toEqual(before);
    expect(events).toEqual([]);
  });

  it('refuses the read-only role (403) and anonymous callers (401)', async () => {
    const res = await call('viewer', 'POST', '/api/contacts', input());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(Messages.readOnly);
    expect((await t.inject({ method: 'POST', url: '/api/contacts', payload: input() })).statusCode).toBe(401);
    expect((await list('demo')).map((c) => c.firstName)).not.toContain('Avery');
  });
});

describe('PUT /api/contacts/:id', () => {
  it('changes a contact and raises its version; a stale version answers 409 and changes nothing', async () => {
    const made = await create();
    events = [];
    const res = await call('demo', 'PUT', `/api/contacts/${made.id}`, {
      ...input({ email: 'avery@summitweb.example', phone: '+44 20 7946 0000' }),
      version: made.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = contactSchema.parse(res.json());
    expect(saved).toMatchObject({
      version: 2,
      email: 'avery@summitweb.example',
      phone: '+442079460000',
      phoneNational: '+44 20 7946 0000',
    });
    const [change] = await t.rows<{ kind: string; description: string; changes: { field: string }[] }>(
      sql`SELECT kind, description, changes FROM account_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(change!.kind).toBe('contact.updated');
    expect(change!.description).toBe('Key contact changed: Avery Quinn (email, phone)');
    expect(change!.changes.map((c) => c.field)).toEqual(['email', 'phone']);
    expect(events.map((e) => e.event.action)).toEqual(['update']);

    const stale = await call('demo', 'PUT', `/api/contacts/${made.id}`, {
      ...input({ firstName: 'Late' }),
      version: made.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, message: ContactMessages.stale });
    expect((await list('demo')).find((c) => c.id === made.id)).toEqual(saved);
    await removeAll(t.vendors.summit);
  });

  it('refuses bad fields with their messages, like adding does', async () => {
    const made = await create();
    const res = await call('demo', 'PUT', `/api/contacts/${made.id}`, {
      ...input({ phone: 'call me' }),
      version: made.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: ContactMessages.phoneInvalid });
    const noVersion = await call('demo', 'PUT', `/api/contacts/${made.id}`, input());
    expect(noVersion.statusCode).toBe(400);
    expect((await list('demo')).find((c) => c.id === made.id)).toEqual(made);
    await removeAll(t.vendors.summit);
  });

  it('answers 404 for another vendor’s contact, 403 to the read-only role, 401 to anonymous callers', async () => {
    const harbor = (await list('other'))[0]!;
    const body = { ...input(), version: harbor.version };
    const foreign = await call('demo', 'PUT', `/api/contacts/${harbor.id}`, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ContactMessages.notFound);
    expect((await call('demo', 'PUT', '/api/contacts/999999', body)).statusCode).toBe(404);
    expect((await call('viewer', 'PUT', `/api/contacts/${harbor.id}`, body)).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/contacts/${harbor.id}`, payload: body })).statusCode,
    ).toBe(401);
    expect((await list('other'))[0]).toEqual(harbor);
    expect(events).toEqual([]);
  });
});

describe('DELETE /api/contacts/:id', () => {
  it('deletes a contact, records it, tells the others and raises a delete event', async () => {
    const made = await create();
    events = [];
    const res = await call('demo', 'DELETE', `/api/contacts/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ContactMessages.deleted });
    expect((await list('demo')).map((c) => c.id)).not.toContain(made.id);
    const [change] = await t.rows<{ kind: string; description: string }>(
      sql`SELECT kind, description FROM account_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(change).toEqual({ kind: 'contact.deleted', description: 'Key contact deleted: Avery Quinn' });
    const [note] = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE topic = 'contacts.change' ORDER BY id DESC LIMIT 1`,
    );
    expect(note!.content).toBe('Summit Web Solutions: Avery Quinn was removed from the key contacts by demo');
    expect(events.map((e) => e.event)).toEqual([
      { type: 'contact', context: 'vendor', siteId: null, username: 'demo', action: 'delete' },
    ]);
    expect((await call('demo', 'DELETE', `/api/contacts/${made.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another vendor’s contact, 403 to the read-only role, 401 to anonymous callers', async () => {
    const harbor = (await list('other'))[0]!;
    expect((await call('demo', 'DELETE', `/api/contacts/${harbor.id}`)).statusCode).toBe(404);
    const mine = (await list('demo'))[0]!;
    const viewer = await call('viewer', 'DELETE', `/api/contacts/${mine.id}`);
    expect(viewer.statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/contacts/${mine.id}` })).statusCode).toBe(401);
    expect((await call('demo', 'DELETE', '/api/contacts/abc')).statusCode).toBe(400);
    expect((await list('other')).map((c) => c.id)).toContain(harbor.id);
    expect((await list('demo')).map((c) => c.id)).toContain(mine.id);
  });
});

describe('metadata', () => {
  it('names the missing required types, and takes the technical and billing contact from the contacts alone', async () => {
    const before = await metadata();
    expect(before.missingContactTypes).toEqual(['Technical']);
    // No technical key contact yet: none is named, though the vendor record holds a contact text.
    expect(before.technicalContact).toBe('');
    expect(before.billingContact).toBe('Marcus Lee <billing@summitweb.example>');

    await create();
    const after = await metadata();
    expect(after.missingContactTypes).toEqual([]);
    expect(after.technicalContact).toBe('Avery Quinn <avery.quinn@summitweb.example>');
    await removeAll(t.vendors.summit);
  });
});

describe('admin: contact types', () => {
  it('makes a type required for a vendor type, which the metadata then names; others see 404', async () => {
    const compliance = typeId('Compliance');
    for (const who of ['demo', 'viewer', 'other'] as const) {
      const res = await call(who, 'PUT', `/api/admin/contact-types/${compliance}`, { required: true });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.inject({ method: 'PUT', url: `/api/admin/contact-types/${compliance}`, payload: {} }))
        .statusCode,
    ).toBe(401);

    const vow = await call('admin', 'PUT', `/api/admin/contact-types/${compliance}`, {
      required: true,
      vendorTypes: ['VOW Vendor'],
    });
    expect(vow.statusCode, vow.body).toBe(200);
    expect(vow.json()).toMatchObject({ name: 'Compliance', required: true, vendorTypes: ['VOW Vendor'] });
    // Summit is an IDX vendor.
    expect((await metadata()).missingContactTypes).toEqual(['Technical']);

    const all = await call('admin', 'PUT', `/api/admin/contact-types/${compliance}`, {
      required: true,
      vendorTypes: [],
    });
    expect(all.statusCode).toBe(200);
    expect((await metadata()).missingContactTypes).toEqual(['Technical', 'Compliance']);
    const [change] = await t.rows<{ kind: string; subject: string; description: string }>(
      sql`SELECT kind, subject, description FROM account_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(change).toEqual({
      kind: 'contact_type.updated',
      subject: 'contact_type',
      description: ContactTypeMessages.saved('Compliance'),
    });

    const bad = await call('admin', 'PUT', `/api/admin/contact-types/${compliance}`, {
      required: true,
      vendorTypes: ['Broker'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ContactTypeMessages.vendorTypeInvalid);
    expect((await call('admin', 'PUT', '/api/admin/contact-types/9999', { required: true })).statusCode).toBe(
      404,
    );

    await call('admin', 'PUT', `/api/admin/contact-types/${compliance}`, {
      required: false,
      vendorTypes: [],
    });
    expect((await metadata()).missingContactTypes).toEqual(['Technical']);
  });

  it('adds a type after the others; a taken name answers 409; only staff may', async () => {
    const refused = await call('demo', 'POST', '/api/admin/contact-types', { name: 'Legal' });
    expect(refused.statusCode).toBe(404);
    const res = await call('admin', 'POST', '/api/admin/contact-types', { name: ' Legal ', required: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Legal', required: true, vendorTypes: [], sortOrder: 6 });
    const listed = contactTypeListSchema.parse((await call('demo', 'GET', '/api/contacts/types')).json());
    expect(listed.at(-1)!.name).toBe('Legal');
    expect((await metadata()).missingContactTypes).toEqual(['Technical', 'Legal']);

    const taken = await call('admin', 'POST', '/api/admin/contact-types', { name: 'legal' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ContactTypeMessages.nameTaken);
    const empty = await call('admin', 'POST', '/api/admin/contact-types', { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ContactTypeMessages.nameRequired);

    await call('admin', 'PUT', `/api/admin/contact-types/${res.json().id}`, { required: false });
  });
});

describe('admin: a contact type’s history', () => {
  it('lists what staff changed, newest first; 404 to others and for an unknown type', async () => {
    const billing = typeId('Billing');
    await call('admin', 'PUT', `/api/admin/contact-types/${billing}`, { required: false });
    await call('admin', 'PUT', `/api/admin/contact-types/${billing}`, { required: true });
    const res = await call('admin', 'GET', `/api/admin/contact-types/${billing}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .slice(0, 2)
        .map((c: { kind: string }) => c.kind),
    ).toEqual(['contact_type.updated', 'contact_type.updated']);
    expect((await call('demo', 'GET', `/api/admin/contact-types/${billing}/history`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/admin/contact-types/9999/history')).statusCode).toBe(404);
  });
});
