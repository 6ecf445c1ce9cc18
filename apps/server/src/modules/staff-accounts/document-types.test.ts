import {
  DocumentMessages,
  DocumentTypeAdminMessages,
  type AdminDocumentType,
  type AdminDocumentTypes,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.call(t.tokens.admin, method, url, payload);

const fileType = (over: Record<string, unknown> = {}) => ({
  type: 'Data Security Addendum',
  scope: 'vendor',
  requiredForVendor: true,
  requiredForSites: false,
  requiredForProducts: [],
  messaging: false,
  ...over,
});

async function types(): Promise<AdminDocumentTypes> {
  return (await admin('GET', '/api/admin/document-types')).json();
}

describe('GET /api/admin/document-types', () => {
  it('lists the file types, then the messaging types, with the products a requirement may name', async () => {
    const list = await types();
    const saf = list.types.find((d) => d.name === 'saf')!;
    expect(saf).toMatchObject({
      scope: 'website',
      signatureRequired: true,
      requiredForSites: true,
      messaging: false,
    });
    expect(list.types.filter((d) => d.messaging).map((d) => d.type)).toEqual([
      'Attachment',
      'Compliance Notice',
    ]);
    expect(list.types.findIndex((d) => d.messaging)).toBeGreaterThan(
      list.types.findIndex((d) => !d.messaging),
    );
    expect(list.products.length).toBeGreaterThan(0);
  });
});

describe('adding and editing document types', () => {
  let added: AdminDocumentType;

  it('adds a type required of vendors: every vendor that lacks one counts it missing at once', async () => {
    const before = (await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).json().missingDocs;
    const res = await admin('POST', '/api/admin/document-types', fileType());
    expect(res.statusCode, res.body).toBe(201);
    added = res.json().type;
    expect(res.json().message).toBe(DocumentTypeAdminMessages.created('Data Security Addendum'));
    expect(added).toMatchObject({
      type: 'Data Security Addendum',
      scope: 'vendor',
      requiredForVendor: true,
      documents: 0,
    });
    expect((await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).json().missingDocs).toBe(before + 1);
    // Vendors can upload it from the Upload File page.
    const offered = (await t.call(t.tokens.other, 'GET', '/api/documenttypes')).json();
    expect(offered.map((d: { type: string }) => d.type)).toContain('Data Security Addendum');
    const history = (await admin('GET', `/api/admin/document-types/${added.id}/history`)).json();
    expect(history[0]).toMatchObject({ kind: 'document_type.created', actor: 'Alex Morgan' });
    // Its documents on file are counted.
    await t.db.execute(
      sql`INSERT INTO documents (vendor_id, type_id, label, storage_key, size, sha256, content_type)
        VALUES (${t.vendors.harbor}, ${added.id}, 'addendum.pdf', 'test-addendum-key', 10, 'x', 'application/pdf')`,
    );
    expect((await types()).types.find((d) => d.id === added.id)!.documents).toBe(1);
    expect((await t.call(t.tokens.other, 'GET', '/api/portal/metadata')).json().missingDocs).toBe(before);
  });

  it('edits a type: a site requirement for some products, recorded field by field', async () => {
    const { products } = await types();
    const res = await admin(
      'PUT',
      `/api/admin/document-types/${added.id}`,
      fileType({ scope: 'any', requiredForSites: true, requiredForProducts: [products[0]!.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().type).toMatchObject({
      scope: 'any',
      requiredForSites: true,
      requiredForProducts: [products[0]!.id],
    });
    const [entry] = (await admin('GET', `/api/admin/document-types/${added.id}/history`)).json();
    expect(entry.description).toBe(
      'Edited the type Data Security Addendum: scope, requiredForSites, requiredForProducts',
    );
  });

  it('limits a requirement to some vendor types: other vendors do not count it missing', async () => {
    const missing = async () => (await t.call(t.tokens.demo, 'GET', '/api/portal/metadata')).json();
    const before = await missing();
    expect(before.vendorType).toBe('IDX Vendor');
    const res = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({ type: 'VOW Display Agreement', requiredVendorTypes: ['VOW Vendor'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const vowOnly: AdminDocumentType = res.json().type;
    expect(vowOnly.requiredVendorTypes).toEqual(['VOW Vendor']);
    expect((await missing()).missingDocs).toBe(before.missingDocs);
    const vendors = (await admin('GET', '/api/admin/vendors?pageSize=100&search=SWS')).json();
    const sws = vendors.items.find((v: { code: string }) => v.code === 'SWS');
    expect(sws.missingDocs).toBe(before.missingDocs);

    // The MLS widens it to IDX vendors as well: now the demo vendor lacks it.
    const widened = await admin(
      'PUT',
      `/api/admin/document-types/${vowOnly.id}`,
      fileType({ type: 'VOW Display Agreement', requiredVendorTypes: ['VOW Vendor', 'IDX Vendor'] }),
    );
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await missing()).missingDocs).toBe(before.missingDocs + 1);
    const [entry] = (await admin('GET', `/api/admin/document-types/${vowOnly.id}/history`)).json();
    expect(entry.description).toContain('requiredVendorTypes');

    // A site requirement limited to VOW vendors is not asked of an IDX vendor's sites either.
    const siteRule = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({
        type: 'VOW Site Notice',
        scope: 'website',
        requiredForVendor: false,
        requiredForSites: true,
        requiredVendorTypes: ['VOW Vendor'],
      }),
    );
    expect(siteRule.statusCode, siteRule.body).toBe(201);
    expect((await missing()).missingSiteDocs).toBe(before.missingSiteDocs);
  });

  it('refuses an unknown vendor type, and vendor types on a type nothing is required of', async () => {
    const unknown = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({ type: 'X1', requiredVendorTypes: ['Broker'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Please choose a known vendor type.');
    const idle = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({ type: 'X2', scope: 'any', requiredForVendor: false, requiredVendorTypes: ['VOW Vendor'] }),
    );
    expect(idle.statusCode).toBe(400);
    expect(idle.json().message).toBe(DocumentTypeAdminMessages.vendorTypesWithoutRequirement);
  });

  it('adds and renames a messaging type, served by /documenttypes/messaging', async () => {
    const res = await admin('POST', '/api/admin/document-types', {
      type: 'Audit Finding',
      scope: 'any',
      messaging: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().type.id as number;
    const renamed = await admin('PUT', `/api/admin/document-types/${id}`, {
      type: 'Audit Findings',
      messaging: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const served = (await t.call(t.tokens.demo, 'GET', '/api/documenttypes/messaging')).json();
    expect(served).toContainEqual({ id, type: 'Audit Findings' });
  });

  it('refuses a name already used by a type of the same kind, whatever its case, with 409', async () => {
    const res = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({ type: 'w-9', requiredForVendor: false }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: DocumentMessages.typeNameTaken });
    const rename = await admin('PUT', `/api/admin/document-types/${added.id}`, fileType({ type: 'OTHER' }));
    expect(rename.statusCode).toBe(409);
  });

  it('keeps the Site Access Form on websites, and a type in its kind', async () => {
    const { types: all } = await types();
    const saf = all.find((d) => d.name === 'saf')!;
    const scope = await admin(
      'PUT',
      `/api/admin/document-types/${saf.id}`,
      fileType({ type: 'SAF', scope: 'any', requiredForVendor: false, requiredForSites: true }),
    );
    expect(scope.statusCode).toBe(400);
    expect(scope.json().message).toBe(DocumentTypeAdminMessages.signedScope);
    const kind = await admin('PUT', `/api/admin/document-types/${saf.id}`, { type: 'SAF', messaging: true });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe(DocumentTypeAdminMessages.kindFixed);
    expect((await admin('PUT', '/api/admin/document-types/999999', fileType())).statusCode).toBe(404);
  });

  it.each([
    [{ messaging: true, scope: 'any', requiredForVendor: true }, DocumentTypeAdminMessages.messagingRequired],
    [
      { messaging: true, scope: 'vendor', requiredForVendor: false },
      DocumentTypeAdminMessages.messagingScope,
    ],
    [{ scope: 'website', requiredForVendor: true }, DocumentTypeAdminMessages.vendorScope],
    [
      { scope: 'vendor', requiredForVendor: false, requiredForSites: true },
      DocumentTypeAdminMessages.siteScope,
    ],
    [{ requiredForProducts: [1] }, DocumentTypeAdminMessages.productsWithoutSites],
    [
      { scope: 'any', requiredForSites: true, requiredForProducts: [999] },
      DocumentTypeAdminMessages.productUnknown,
    ],
    [{ type: ' ' }, 'Please enter a file type name.'],
    [{ scope: 'office' }, 'Please choose where the type belongs.'],
  ])('refuses %j with 400 and its message', async (over, message) => {
    const res = await admin(
      'POST',
      '/api/admin/document-types',
      fileType({ type: `New ${Math.random()}`, ...over }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });
});
