import {
  DocumentMessages,
  Messages,
  PrimitiveMessages,
  ResourceMessages,
  type Resource,
  type ResourceList,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samples } from '../documents/test-fixture.ts';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';

type Part = Parameters<typeof multipart>[0][number];

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

function send(token: string, method: 'POST' | 'PUT', url: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.inject({ method, url, payload, headers: { ...t.auth(token), ...headers } });
}

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ category: 'Rules', title: 'Board rules', description: 'The board rules.', ...over }).map(
    ([name, value]) => ({ name, value }),
  );

async function list(token: string): Promise<ResourceList> {
  const res = await t.call(token, 'GET', '/api/resources');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (l: ResourceList) => l.resources.map((r) => r.title);

async function addLink(over: Record<string, unknown> = {}): Promise<Resource> {
  const res = await t.call(t.tokens.admin, 'POST', '/api/resources', {
    category: 'Links',
    title: `Link ${Math.random().toString(36).slice(2, 8)}`,
    description: '',
    url: 'https://example.org/page',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource;
}

describe('GET /api/resources', () => {
  it('answers every signed-in role, sorted by the category list then position', async () => {
    for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other, t.tokens.admin]) {
      const l = await list(token);
      expect(l.resources.length).toBeGreaterThanOrEqual(4);
      const cats = l.resources.map((r) => r.category);
      expect(cats.indexOf('IDX/VOW Policy')).toBeLessThan(cats.indexOf('Display Requirements'));
      expect(cats.indexOf('Display Requirements')).toBeLessThan(cats.indexOf('Logo Packs'));
      expect(cats.indexOf('Logo Packs')).toBeLessThan(cats.indexOf('Links'));
    }
    const link = (await list(t.tokens.demo)).resources.find((r) => r.title === 'RESO Web API')!;
    expect(link).toMatchObject({ kind: 'link', url: 'https://www.reso.org/reso-web-api/', fileName: null });
  });

  it('is 401 without a session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/resources' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'PUT', url: '/api/resources/seen' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/resources/1/file' })).statusCode).toBe(401);
  });
});

describe('the "new" marker', () => {
  it('marks everything new until the user has looked, then only what changed since', async () => {
    const token = t.tokens.other;
    const before = await list(token);
    expect(before.lastSeenAt).toBeNull();
    expect(before.resources.every((r) => r.isNew)).toBe(true);

    const seen = await t.call(token, 'PUT', '/api/resources/seen');
    expect(seen.statusCode, seen.body).toBe(200);
    const after = await list(token);
    expect(after.lastSeenAt).toBe(seen.json().lastSeenAt);
    expect(after.resources.some((r) => r.isNew)).toBe(false);

    // An edit by MLS staff makes it new again, to this user and not to the editor's own look.
    const target = after.resources.find((r) => r.title === 'MLS logo pack')!;
    const edited = await t.call(t.tokens.admin, 'PUT', `/api/resources/${target.id}`, {
      category: target.category,
      title: target.title,
      description: 'Now with a dark version.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await list(token);
    expect(again.resources.filter((r) => r.isNew).map((r) => r.id)).toEqual([target.id]);
    // Another user's look changes nothing for this one.
    await t.call(t.tokens.demo, 'PUT', '/api/resources/seen');
    expect((await list(token)).resources.filter((r) => r.isNew).map((r) => r.id)).toEqual([target.id]);
  });

  it('leaves a reorder out: moving an item does not make it new', async () => {
    const a = await addLink({ category: 'Display Requirements', title: 'Colour rules' });
    await t.call(t.tokens.other, 'PUT', '/api/resources/seen');
    const ids = (await list(t.tokens.admin)).resources
      .filter((r) => r.category === 'Display Requirements' && !r.retiredAt)
      .map((r) => r.id);
    const res = await t.call(t.tokens.admin, 'PUT', '/api/resources/order', { ids: [...ids].reverse() });
    expect(res.statusCode, res.body).toBe(200);
    const l = await list(t.tokens.other);
    expect(l.resources.find((r) => r.id === a.id)!.isNew).toBe(false);
  });
});

describe('adding a resource (MLS staff)', () => {
  it('stores a file and downloads it with its real name and bytes', async () => {
    const pdf = samples.pdf(40);
    const res = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields({ title: 'Fine schedule' }),
      { name: 'file', file: { filename: 'Fine schedule – 2026.pdf', data: pdf, type: 'application/pdf' } },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(ResourceMessages.created);
    const r: Resource = res.json().resource;
    expect(r).toMatchObject({
      kind: 'file',
      category: 'Rules',
      fileName: 'Fine schedule – 2026.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
      url: null,
    });

    const down = await t.call(t.tokens.viewer, 'GET', `/api/resources/${r.id}/file`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="Fine schedule _ 2026.pdf"; filename*=UTF-8''Fine%20schedule%20%E2%80%93%202026.pdf`,
    );
    expect(down.rawPayload.equals(pdf)).toBe(true);
    // Listed for vendors under its category.
    expect(titles(await list(t.tokens.other))).toContain('Fine schedule');
  });

  it('adds a link from JSON, or from a multipart form', async () => {
    const r = await addLink({ title: 'Board site', url: 'http://board.example/home' });
    expect(r).toMatchObject({ kind: 'link', url: 'http://board.example/home', fileName: null, size: null });
    const m = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields({ category: 'Links', title: 'Forms', url: 'https://forms.example' }),
    ]);
    expect(m.statusCode, m.body).toBe(201);
    expect(m.json().resource.url).toBe('https://forms.example');
    // A link has no file to download.
    expect((await t.call(t.tokens.demo, 'GET', `/api/resources/${r.id}/file`)).statusCode).toBe(404);
  });

  it.each([
    [{ category: 'Misc' }, ResourceMessages.categoryInvalid],
    [{ title: '  ' }, ResourceMessages.titleRequired],
    [{ title: 'x'.repeat(121) }, ResourceMessages.titleTooLong],
    [{ description: 'x'.repeat(1001) }, ResourceMessages.descriptionTooLong],
    [{ url: 'javascript:alert(1)' }, ResourceMessages.urlInvalid],
    [{ url: 'ftp://files.example/x' }, ResourceMessages.urlInvalid],
    [{ url: 'https://exa mple.org' }, ResourceMessages.urlInvalid],
    [{ url: `https://example.org/${'a'.repeat(2000)}` }, ResourceMessages.urlTooLong],
    [{ url: '' }, ResourceMessages.fileOrUrl],
  ])('refuses %j: %s', async (over, message) => {
    const before = (await list(t.tokens.admin)).resources.length;
    const res = await t.call(t.tokens.admin, 'POST', '/api/resources', {
      category: 'Links',
      title: 'A link',
      url: 'https://example.org',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list(t.tokens.admin)).resources.length).toBe(before);
  });

  it.each([
    ['notes.exe', samples.txt(), DocumentMessages.extension],
    ['fake.pdf', samples.txt(), DocumentMessages.contentMismatch('pdf')],
    ['empty.pdf', Buffer.alloc(0), DocumentMessages.empty],
    ['invoice.exe.pdf', samples.pdf(), DocumentMessages.doubleExtension],
  ])('refuses the file %s, and stores nothing', async (filename, data, message) => {
    const count = async () =>
      (await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM resources`))[0]!.n;
    const before = await count();
    const res = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields(),
      { name: 'file', file: { filename, data } },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a file and a URL together', async () => {
    const res = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields({ url: 'https://example.org' }),
      { name: 'file', file: { filename: 'a.pdf', data: samples.pdf() } },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ResourceMessages.notBoth);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = samples.pdf(t.config.maxUploadBytes);
    const res = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields(),
      { name: 'file', file: { filename: 'big.pdf', data: big } },
    ]);
    expect(res.statusCode).toBe(413);
  });
});

describe('writes are for MLS staff: vendors 403, anonymous 401', () => {
  const writes = (id: number) =>
    [
      ['POST', '/api/resources', { category: 'Links', title: 'X', url: 'https://x.example' }],
      ['PUT', `/api/resources/${id}`, { category: 'Links', title: 'X' }],
      ['PUT', '/api/resources/order', { ids: [id] }],
      ['DELETE', `/api/resources/${id}`, undefined],
    ] as const;

  it('answers 403 to a vendor and the read-only role, 401 without a session', async () => {
    const r = await addLink();
    for (const [method, url, body] of writes(r.id)) {
      for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other]) {
        const res = await t.call(token, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ResourceMessages.staffOnly);
      }
      const anon = await t.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anon.statusCode).toBe(401);
    }
    // A vendor's multipart upload is refused too, and leaves nothing behind.
    const res = await send(t.tokens.demo, 'POST', '/api/resources', [
      ...fields(),
      { name: 'file', file: { filename: 'a.pdf', data: samples.pdf() } },
    ]);
    expect(res.statusCode).toBe(403);
    expect((await list(t.tokens.demo)).resources.find((x) => x.id === r.id)!.title).toBe(r.title);
  });

  it('answers 404 for a resource that does not exist, 400 for an id that is not one', async () => {
    for (const [method, url, body] of writes(99999)) {
      if (url === '/api/resources') continue;
      const res = await t.call(t.tokens.admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.call(t.tokens.demo, 'GET', '/api/resources/99999/file')).statusCode).toBe(404);
    const bad = await t.call(t.tokens.demo, 'GET', '/api/resources/abc/file');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PrimitiveMessages.idInvalid);
  });
});

describe('editing', () => {
  it('changes fields, replaces a file (the old object goes) and moves it last in a new category', async () => {
    const created = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields({ title: 'Old rules' }),
      { name: 'file', file: { filename: 'old.pdf', data: samples.pdf() } },
    ]);
    const r: Resource = created.json().resource;
    const [stored] = await t.rows<{ key: string }>(
      sql`SELECT storage_key AS key FROM resources WHERE id = ${r.id}`,
    );
    const png = samples.png();
    const res = await send(t.tokens.admin, 'PUT', `/api/resources/${r.id}`, [
      ...fields({ category: 'Logo Packs', title: 'New logo' }),
      { name: 'file', file: { filename: 'logo.png', data: png } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ResourceMessages.updated);
    const after: Resource = res.json().resource;
    expect(after).toMatchObject({ category: 'Logo Packs', title: 'New logo', fileName: 'logo.png' });
    const logos = (await list(t.tokens.admin)).resources.filter((x) => x.category === 'Logo Packs');
    expect(logos.at(-1)!.id).toBe(r.id);
    expect(await t.app.ctx.storage.exists(stored!.key)).toBe(false);
    const down = await t.call(t.tokens.demo, 'GET', `/api/resources/${r.id}/file`);
    expect(down.rawPayload.equals(png)).toBe(true);

    // Without a file or a URL the content stays; a URL turns it into a link.
    const same = await t.call(t.tokens.admin, 'PUT', `/api/resources/${r.id}`, {
      category: 'Logo Packs',
      title: 'New logo',
      description: 'Edited',
    });
    expect(same.json().resource.fileName).toBe('logo.png');
    const link = await t.call(t.tokens.admin, 'PUT', `/api/resources/${r.id}`, {
      category: 'Logo Packs',
      title: 'New logo',
      url: 'https://brand.example',
    });
    expect(link.json().resource).toMatchObject({
      kind: 'link',
      url: 'https://brand.example',
      fileName: null,
    });
  });

  it('refuses bad input with the same messages', async () => {
    const r = await addLink();
    const res = await t.call(t.tokens.admin, 'PUT', `/api/resources/${r.id}`, {
      category: 'Links',
      title: r.title,
      url: 'data:text/html,hi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ResourceMessages.urlInvalid);
  });
});

describe('reordering', () => {
  it('sets the order of one category', async () => {
    const a = await addLink({ category: 'IDX/VOW Policy', title: 'Policy A' });
    const b = await addLink({ category: 'IDX/VOW Policy', title: 'Policy B' });
    const ids = () =>
      list(t.tokens.demo).then((l) =>
        l.resources.filter((r) => r.category === 'IDX/VOW Policy').map((r) => r.id),
      );
    const current = await ids();
    expect(current.slice(-2)).toEqual([a.id, b.id]);
    const wanted = [b.id, ...current.filter((i) => i !== b.id)];
    const res = await t.call(t.tokens.admin, 'PUT', '/api/resources/order', { ids: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ResourceMessages.reordered);
    expect(await ids()).toEqual(wanted);
  });

  it('refuses a list that is not the whole category, or repeats an id', async () => {
    const a = await addLink({ category: 'Links' });
    const links = (await list(t.tokens.admin)).resources.filter(
      (r) => r.category === 'Links' && !r.retiredAt,
    );
    const policy = (await list(t.tokens.admin)).resources.find((r) => r.category === 'IDX/VOW Policy')!;
    for (const ids of [
      [a.id],
      [...links.map((r) => r.id), a.id],
      [...links.map((r) => r.id), policy.id],
      [],
    ]) {
      const res = await t.call(t.tokens.admin, 'PUT', '/api/resources/order', { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().message).toBe(ResourceMessages.orderIds);
    }
  });
});

describe('retiring', () => {
  it('hides it from vendors (list and download) and keeps it for MLS staff', async () => {
    const created = await send(t.tokens.admin, 'POST', '/api/resources', [
      ...fields({ title: 'Retired rules' }),
      { name: 'file', file: { filename: 'retired.pdf', data: samples.pdf() } },
    ]);
    const r: Resource = created.json().resource;
    const res = await t.call(t.tokens.admin, 'DELETE', `/api/resources/${r.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ResourceMessages.retired);
    expect(titles(await list(t.tokens.demo))).not.toContain('Retired rules');
    expect((await t.call(t.tokens.demo, 'GET', `/api/resources/${r.id}/file`)).statusCode).toBe(404);
    const staff = (await list(t.tokens.admin)).resources.find((x) => x.id === r.id)!;
    expect(staff.retiredAt).not.toBeNull();
    expect((await t.call(t.tokens.admin, 'GET', `/api/resources/${r.id}/file`)).statusCode).toBe(200);
    // Its file is kept: the orphan sweep does not take it.
    const [stored] = await t.rows<{ key: string }>(
      sql`SELECT storage_key AS key FROM resources WHERE id = ${r.id}`,
    );
    expect(await t.app.ctx.storage.exists(stored!.key)).toBe(true);
  });

  it('keeps a resource whose file is in storage through the orphan sweep', async () => {
    const { runOrphanSweep } = await import('../documents/index.ts');
    const r = (
      await send(t.tokens.admin, 'POST', '/api/resources', [
        ...fields({ title: 'Swept?' }),
        { name: 'file', file: { filename: 'kept.pdf', data: samples.pdf() } },
      ])
    ).json().resource as Resource;
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, orphanGraceMs: 0 } };
    await runOrphanSweep(ctx);
    expect((await t.call(t.tokens.demo, 'GET', `/api/resources/${r.id}/file`)).statusCode).toBe(200);
  });
});

it('says who may not act for a vendor: a session without accepted terms is refused', async () => {
  const token = await t.login('newbie');
  const res = await t.call(token, 'GET', '/api/resources');
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(Messages.tosRequired);
});
