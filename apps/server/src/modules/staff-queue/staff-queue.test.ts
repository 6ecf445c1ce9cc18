import { QueueMessages, type QueueItem, type QueuePage } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samples, uploadPaperSaf } from '../documents/test-fixture.ts';
import { createSite, freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** The approval queue and the decisions of MLS staff, through the API as an MLS would script them. */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.call(t.tokens.admin, method, url, payload);

async function queue(query = ''): Promise<QueuePage> {
  const res = await admin('GET', `/api/admin/queue?pageSize=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function itemOf(kind: QueueItem['kind'], siteId: number): Promise<QueueItem | undefined> {
  const page = await queue(`&kind=${kind}`);
  return page.items.find((i) => i.siteId === siteId);
}

const siteRow = async (id: number) =>
  (
    await t.rows<{
      status: string;
      domain_name: string;
      member_number: string;
      start_date: string | null;
      version: number;
    }>(
      sql`SELECT status, domain_name, member_number, start_date::text, version FROM websites WHERE id = ${id}`,
    )
  )[0]!;

const today = () => new Date().toISOString().slice(0, 10);

/** An Active site of the demo vendor, made through the API and activated as staff would. */
async function activeSite(): Promise<number> {
  const id = await createSite(t, t.agents.local[3]!);
  expect((await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id)).statusCode).toBe(200);
  const item = (await itemOf('activation', id))!;
  expect(
    (await admin('POST', `/api/admin/websites/${id}/activate`, { version: item.version })).statusCode,
  ).toBe(200);
  return id;
}

describe('who reaches the console', () => {
  it('every console call is staff-only: 404 to vendors and viewers, 401 without a session', async () => {
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.url}`).toBe('staff');
      const url = route.url.replace(':id', '1');
      const method = route.method as 'GET' | 'POST';
      const payload = method === 'POST' ? {} : undefined;
      for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other]) {
        const res = await t.call(token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const anonymous = await t.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('activation', () => {
  it('waits for the form signed by everyone, then activates with History, a notice and a decision', async () => {
    const id = await createSite(t, t.agents.local[0]!);
    const waiting = (await itemOf('activation', id))!;
    expect(waiting).toMatchObject({
      kind: 'activation',
      status: 'Pending Activation',
      vendor: { id: t.vendors.summit, code: 'SWS' },
      saf: { state: 'not-sent' },
      blockers: [QueueMessages.safNotSigned],
      ageBusinessDays: 0,
    });
    // The button's reason is the server's answer too.
    const early = await admin('POST', `/api/admin/websites/${id}/activate`, { version: waiting.version });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(QueueMessages.safNotSigned);

    expect((await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id)).statusCode).toBe(200);
    const ready = (await itemOf('activation', id))!;
    expect(ready.saf).toMatchObject({ state: 'signed', paper: true });
    expect(ready.blockers).toEqual([]);

    // A version seen before someone else's change is refused.
    const stale = await admin('POST', `/api/admin/websites/${id}/activate`, { version: ready.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(QueueMessages.stale);
    const future = await admin('POST', `/api/admin/websites/${id}/activate`, {
      version: ready.version,
      startDate: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);

    const before = await queue();
    const res = await admin('POST', `/api/admin/websites/${id}/activate`, { version: ready.version });
    expect(res.statusCode).toBe(200);
    const site = await siteRow(id);
    expect(res.json()).toEqual({ message: QueueMessages.activated(site.domain_name) });
    expect(site).toMatchObject({ status: 'Active', start_date: today() });
    expect(await itemOf('activation', id)).toBeUndefined();
    const after = await queue();
    expect(after.summary.waiting).toBe(before.summary.waiting - 1);
    expect(after.summary.decisions30Days).toBe(before.summary.decisions30Days + 1);
    expect(after.summary.medianDecisionHours).not.toBeNull();

    const [entry] = await t.rows<{ kind: string; username: string; description: string }>(
      sql`SELECT kind, username, description FROM website_changes WHERE website_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      kind: 'website.status_changed',
      username: 'admin',
      description: 'Status changed to Active',
    });
    const notices = await t.rows<{ content: string }>(
      sql`SELECT n.content FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'demo' AND n.website_id = ${id} ORDER BY n.id DESC LIMIT 1`,
    );
    expect(notices[0]?.content).toContain('MLS staff (admin) changed');
    expect(notices[0]?.content).toContain('Status changed to Active');

    // Acting again on what is decided is stale.
    const again = await admin('POST', `/api/admin/websites/${id}/activate`, {
      version: (await siteRow(id)).version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QueueMessages.notPendingActivation);
  });

  it('takes the start date staff choose', async () => {
    const id = await createSite(t, t.agents.local[1]!);
    await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    const item = (await itemOf('activation', id))!;
    const res = await admin('POST', `/api/admin/websites/${id}/activate`, {
      version: item.version,
      startDate: '2026-01-05',
    });
    expect(res.statusCode).toBe(200);
    expect((await siteRow(id)).start_date).toBe('2026-01-05');
  });

  it('bulk activation answers per site: done, or why not', async () => {
    const ready = await createSite(t, t.agents.local[2]!);
    const unsigned = await createSite(t, t.agents.local[2]!);
    await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, ready);
    const sites = await Promise.all(
      [ready, unsigned].map(async (id) => ({ id, version: (await itemOf('activation', id))!.version })),
    );
    const res = await admin('POST', '/api/admin/websites/activate', {
      sites: [...sites, { id: 2_000_000_000, version: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ id: ready, ok: true });
    expect(results[1]).toMatchObject({ id: unsigned, ok: false, message: QueueMessages.safNotSigned });
    expect(results[2]).toMatchObject({ id: 2_000_000_000, ok: false, domainName: '' });
    expect((await siteRow(ready)).status).toBe('Active');
    expect((await siteRow(unsigned)).status).toBe('Pending Activation');
    expect((await admin('POST', '/api/admin/websites/activate', { sites: [] })).statusCode).toBe(400);

    // Many sites of one vendor: one notification tells the vendor of all of them.
    const pair = [await createSite(t, t.agents.local[4]!), await createSite(t, t.agents.local[4]!)];
    for (const id of pair) await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    const both = await Promise.all(
      pair.map(async (id) => ({ id, version: (await itemOf('activation', id))!.version })),
    );
    const twice = await admin('POST', '/api/admin/websites/activate', { sites: [...both, both[0]] });
    expect(twice.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    const [notice] = await t.rows<{ content: string; website_id: number | null }>(
      sql`SELECT n.content, n.website_id FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'demo' ORDER BY n.id DESC LIMIT 1`,
    );
    expect(notice!.website_id).toBeNull();
    expect(notice!.content).toContain('MLS staff (admin) activated 2 websites: ');
  });
});

describe('termination', () => {
  it('waits for its term date, then ends the licence and approves the request', async () => {
    const id = await activeSite();
    const termDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/termination`, {
      termDate,
      reason: 'The agent retires.',
    });
    expect(asked.statusCode).toBe(200);
    const item = (await itemOf('termination', id))!;
    expect(item).toMatchObject({ requested: termDate, reason: 'The agent retires.', termDate });
    expect(item.blockers).toEqual([QueueMessages.beforeTermDate(termDate)]);
    const early = await admin('POST', `/api/admin/websites/${id}/terminate`, { version: item.version });
    expect(early.statusCode).toBe(400);
    // Nothing to decide before its day: the header counts it apart from what waits on staff now.
    const before = (await queue()).summary;

    await t.db.execute(sql`UPDATE websites SET term_date = current_date WHERE id = ${id}`);
    const due = (await itemOf('termination', id))!;
    expect(due.blockers).toEqual([]);
    const after = (await queue()).summary;
    expect(after.waiting).toBe(before.waiting + 1);
    expect(after.scheduled).toBe(before.scheduled - 1);
    const res = await admin('POST', `/api/admin/websites/${id}/terminate`, { version: due.version });
    expect(res.statusCode).toBe(200);
    expect((await siteRow(id)).status).toBe('Inactive');
    const [request] = await t.rows<{ status: string; decided_by: number | null }>(
      sql`SELECT status, decided_by FROM website_requests WHERE website_id = ${id} AND kind = 'termination'`,
    );
    expect(request!.status).toBe('approved');
    expect(request!.decided_by).not.toBeNull();
  });
});

describe('change requests', () => {
  it('an approved domain change is applied with its History; deciding twice is stale', async () => {
    const id = await activeSite();
    const domainName = freshDomain('moved');
    const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName,
      reason: 'Rebranded',
    });
    expect(asked.statusCode).toBe(201);
    const item = (await itemOf('domain', id))!;
    expect(item).toMatchObject({ requested: domainName, reason: 'Rebranded' });
    const res = await admin('POST', `/api/admin/requests/${item.requestId}/approve`);
    expect(res.statusCode).toBe(200);
    expect((await siteRow(id)).domain_name).toBe(domainName);
    // The approval, then the licence it grants for the site's new terms.
    const entries = await t.rows<{ kind: string; username: string }>(
      sql`SELECT kind, username FROM website_changes WHERE website_id = ${id} ORDER BY id DESC LIMIT 2`,
    );
    expect(entries).toEqual([
      { kind: 'website.licence_granted', username: 'admin' },
      { kind: 'website.domain_change_approved', username: 'admin' },
    ]);
    const twice = await admin('POST', `/api/admin/requests/${item.requestId}/decline`, { reason: 'No' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(QueueMessages.requestDecided);
    expect((await admin('POST', '/api/admin/requests/2000000000/approve')).statusCode).toBe(404);
  });

  it('a declined agent change keeps the agent and records the reason the vendor sees', async () => {
    const id = await activeSite();
    const before = await siteRow(id);
    const asked = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: t.agents.local[5],
      reason: 'New agent',
    });
    expect(asked.statusCode).toBe(201);
    const item = (await itemOf('agent', id))!;
    expect(item.requested).toContain(`#${t.agents.local[5]}`);
    const blank = await admin('POST', `/api/admin/requests/${item.requestId}/decline`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please give a reason.');
    const res = await admin('POST', `/api/admin/requests/${item.requestId}/decline`, {
      reason: 'The agent has not signed with this vendor.',
    });
    expect(res.statusCode).toBe(200);
    expect((await siteRow(id)).member_number).toBe(before.member_number);
    const [request] = await t.rows<{ status: string; decision_reason: string }>(
      sql`SELECT status, decision_reason FROM website_requests WHERE id = ${item.requestId}`,
    );
    expect(request).toEqual({
      status: 'rejected',
      decision_reason: 'The agent has not signed with this vendor.',
    });
    const detail = await t.call(t.tokens.demo, 'GET', `/api/website/${id}/changelog`);
    expect(JSON.stringify(detail.json())).toContain('The agent has not signed with this vendor.');
  });

  it('an approved agent change moves the site to the new agent, once a form covers the new agent', async () => {
    const id = await activeSite();
    await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: t.agents.local[6],
    });
    const item = (await itemOf('agent', id))!;
    expect(item.blockers).toEqual([QueueMessages.needsForm]);
    const early = await admin('POST', `/api/admin/requests/${item.requestId}/approve`);
    expect(early.statusCode).toBe(409);
    expect((await siteRow(id)).member_number).not.toBe(t.agents.local[6]);
    const res = await admin('POST', `/api/admin/requests/${item.requestId}/approve`, {
      paperForm: 'The new agent and broker signed on paper.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await siteRow(id)).member_number).toBe(t.agents.local[6]);
  });
});

describe('documents', () => {
  it('a rejected file is no longer on file, says why, and is told to the vendor', async () => {
    const [w9] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'w9'`);
    const body = multipart([
      { name: 'documentType', value: String(w9!.id) },
      { name: 'file', file: { filename: 'w9.pdf', data: samples.pdf(), type: 'application/pdf' } },
    ]);
    const up = await t.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...t.auth(t.tokens.demo), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const docId = up.json().document.rowKey as number;
    const missing = async () =>
      (await t.call(t.tokens.demo, 'GET', '/api/portal/metadata')).json().missingDocs as number;
    const before = await missing();

    expect((await admin('POST', `/api/admin/documents/${docId}/reject`, { reason: '' })).statusCode).toBe(
      400,
    );
    const res = await admin('POST', `/api/admin/documents/${docId}/reject`, {
      reason: 'The form is not signed.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: QueueMessages.documentRejected });
    const list = (await t.call(t.tokens.demo, 'GET', '/api/documents')).json() as {
      rowKey: number;
      rejection?: unknown;
    }[];
    expect(list.find((d) => d.rowKey === docId)?.rejection).toMatchObject({
      reason: 'The form is not signed.',
    });
    expect(await missing()).toBe(before + 1);
    const again = await admin('POST', `/api/admin/documents/${docId}/reject`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const [notice] = await t.rows<{ content: string }>(
      sql`SELECT n.content FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'demo' ORDER BY n.id DESC LIMIT 1`,
    );
    expect(notice?.content).toContain(
      'w9.pdf on the account was rejected by MLS staff (admin): The form is not signed.',
    );
  });

  it('a Site Access Form is never rejected: it is voided instead', async () => {
    const id = await createSite(t, t.agents.local[7]!);
    const up = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    const res = await admin('POST', `/api/admin/documents/${up.json().document.rowKey}/reject`, {
      reason: 'No',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QueueMessages.documentNotRejectable);
  });
});

describe('the list', () => {
  it('filters by kind, vendor, age and search, pages, and refuses what is not a filter', async () => {
    const id = await createSite(t, t.agents.local[8]!, [1], 'aged');
    await t.db.execute(sql`UPDATE websites SET pending_since = now() - interval '15 days' WHERE id = ${id}`);
    const domain = (await siteRow(id)).domain_name;

    const old = await queue('&age=5%2B');
    expect(old.items.some((i) => i.siteId === id)).toBe(true);
    expect(old.items.every((i) => i.ageBusinessDays >= 5)).toBe(true);
    const fresh = await queue('&age=0');
    expect(fresh.items.some((i) => i.siteId === id)).toBe(false);
    expect(fresh.items.every((i) => i.ageBusinessDays === 0)).toBe(true);

    const found = await queue(`&search=${encodeURIComponent(domain.toUpperCase())}`);
    expect(found.items.map((i) => i.siteId)).toEqual([id]);
    const byVendor = await queue(`&vendor=${t.vendors.harbor}`);
    expect(byVendor.items.every((i) => i.vendor.id === t.vendors.harbor)).toBe(true);
    expect(
      (await queue(`&vendor=${t.vendors.summit}&kind=activation`)).items.every(
        (i) => i.kind === 'activation',
      ),
    ).toBe(true);

    // Oldest first, and the header counts the whole queue whatever the filter.
    const all = await queue();
    const sinces = all.items.map((i) => i.since);
    expect(sinces).toEqual([...sinces].sort());
    expect(found.summary.waiting).toBe(all.summary.waiting);
    expect(all.summary.oldestBusinessDays).toBeGreaterThanOrEqual(10);

    const first = (await admin('GET', '/api/admin/queue?pageSize=1&page=1')).json() as QueuePage;
    const second = (await admin('GET', '/api/admin/queue?pageSize=1&page=2')).json() as QueuePage;
    expect(first.total).toBe(all.total);
    expect(second.items[0]?.key).toBe(all.items[1]?.key);

    const vendors = (await admin('GET', '/api/admin/queue/vendors')).json() as {
      id: number;
      waiting: number;
    }[];
    expect(vendors.find((v) => v.id === t.vendors.summit)!.waiting).toBeGreaterThan(0);

    for (const bad of ['kind=everything', 'age=7', 'pageSize=101', 'vendor=abc'])
      expect((await admin('GET', `/api/admin/queue?${bad}`)).statusCode, bad).toBe(400);
  });
});
