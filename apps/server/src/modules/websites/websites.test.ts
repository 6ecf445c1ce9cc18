import {
  LicenceMessages,
  REQUEST_PENDING_MESSAGES,
  SITE_STATUSES,
  agentWithNumber,
  WebsiteMessages,
  WebsiteServerMessages,
  isStatusChangeAllowed,
  type SiteStatus,
  type Website,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { freshDomain, setupPortal, type PortalTest } from './test-fixture.ts';
import { forceStatus as forceLicensedStatus } from '../../../test/licence.ts';

/** A term date within the ten years ahead a date may lie. */
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const demo = () => t.tokens.demo;

async function createSite(
  overrides: Record<string, unknown> = {},
  token = demo(),
  vendor?: number,
): Promise<number> {
  const res = await t.call(
    token,
    'POST',
    '/api/portal/websites',
    {
      domainName: freshDomain(),
      memberNumber: t.agents.local[2],
      products: [1],
      ...overrides,
    },
    vendor,
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function getSite(id: number, token = demo()): Promise<Website> {
  const res = await t.call(token, 'GET', `/api/portal/websites/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Website;
}

function inputOf(site: Website) {
  return {
    rowKey: site.rowKey,
    domainName: site.domainName,
    memberNumber: site.memberNumber,
    reciprocal: site.reciprocal,
    status: site.status,
    startDate: site.startDate,
    termDate: site.termDate,
    dba: site.dba,
    products: site.products,
    version: site.version,
  };
}

async function forceStatus(id: number, status: SiteStatus): Promise<void> {
  await forceLicensedStatus(t.db, id, status);
}

function save(site: Website, changes: Record<string, unknown>, token = demo()) {
  return t.call(token, 'PUT', '/api/portal/websites', { ...inputOf(site), ...changes });
}

describe('create', () => {
  it('answers the new id; the site starts Pending Activation today with the roster agent', async () => {
    const domainName = freshDomain('create');
    const res = await t.call(demo(), 'POST', '/api/portal/websites', {
      domainName: `HTTPS://${domainName.toUpperCase()}/listings`,
      memberNumber: t.agents.local[3],
      products: [1],
      dba: 'The Team',
    });
    expect(res.statusCode).toBe(201);
    const site = await getSite(res.json().id);
    const [member] = await t.rows<{
      member_first_name: string;
      member_last_name: string;
      member_status: string;
    }>(
      sql`SELECT member_first_name, member_last_name, member_status FROM members WHERE member_mls_id = ${t.agents.local[3]}`,
    );
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(site).toMatchObject({
      domainName,
      status: 'Pending Activation',
      startDate: today,
      termDate: null,
      memberNumber: t.agents.local[3],
      firstName: member!.member_first_name,
      lastName: member!.member_last_name,
      licensee: `${member!.member_first_name} ${member!.member_last_name}`,
      mlsStatus: member!.member_status,
      reciprocal: false,
      dba: 'The Team',
      products: [1],
    });
    expect(site.broker?.memberNumber).toBeTruthy();
  });

  it('keeps a start date the client chose', async () => {
    const id = await createSite({ startDate: '2030-02-03' });
    expect((await getSite(id)).startDate).toBe('2030-02-03');
  });

  it.each([
    ['another status', { status: 'Active' }, 400, WebsiteServerMessages.newSiteStatus],
    ['a term date', { termDate: '2030-01-01' }, 400, WebsiteMessages.termDateLocked],
    ['an agent not in the roster', { memberNumber: 'NOPE-1' }, 400, WebsiteMessages.agentNotFound],
    ['an unknown product', { products: [99] }, 400, WebsiteServerMessages.productUnknown],
    ['no product', { products: [] }, 400, WebsiteMessages.productRequired],
    ['no domain', { domainName: '' }, 400, WebsiteMessages.domainRequired],
    ['a bad domain', { domainName: 'not a domain' }, 400, WebsiteMessages.domainInvalid],
    ['no agent', { memberNumber: '' }, 400, WebsiteMessages.agentRequired],
    ['a bad date', { startDate: '2030-13-45' }, 400, undefined],
  ])('refuses %s', async (_label, overrides, status, message) => {
    const res = await t.call(demo(), 'POST', '/api/portal/websites', {
      domainName: freshDomain(),
      memberNumber: t.agents.local[2],
      products: [1],
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().message).toBe(message);
  });

  it('refuses a domain licensed already, whatever its case and whichever vendor holds it', async () => {
    const domainName = freshDomain('dup');
    await createSite({ domainName });
    const again = await t.call(demo(), 'POST', '/api/portal/websites', {
      domainName: domainName.toUpperCase(),
      memberNumber: t.agents.local[2],
      products: [1],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: WebsiteMessages.duplicateDomain });
    const [harborSite] = await t.rows<{ domain_name: string }>(
      sql`SELECT domain_name FROM websites WHERE vendor_id = ${t.vendors.harbor} LIMIT 1`,
    );
    const cross = await t.call(demo(), 'POST', '/api/portal/websites', {
      domainName: harborSite!.domain_name,
      memberNumber: t.agents.local[2],
      products: [1],
    });
    expect(cross.statusCode).toBe(409);
  });

  it('takes reciprocal agents only for vendors allowed them', async () => {
    const id = await createSite({ memberNumber: t.agents.reciprocal, reciprocal: true });
    const site = await getSite(id);
    expect(site.reciprocal).toBe(true);
    expect(site.memberAOR).toBeTruthy();
    // Summit Web Solutions West (linked to demo) does not allow reciprocal agents.
    const west = await t.call(
      demo(),
      'POST',
      '/api/portal/websites',
      { domainName: freshDomain(), memberNumber: t.agents.reciprocal, reciprocal: true, products: [1] },
      t.vendors.west,
    );
    expect(west.statusCode).toBe(403);
    expect(west.json().message).toBe(WebsiteMessages.reciprocalNotAllowed);
  });

  it('400 for a missing or malformed body', async () => {
    for (const payload of [undefined, '[]', '{"domainName":']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/portal/websites',
        headers: { ...t.auth(demo()), 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, String(payload)).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });
});

/** An agent as History shows them: the name with the member number. */
async function agentText(memberNumber: string): Promise<string> {
  const [m] = await t.rows<{ first: string; last: string }>(
    sql`SELECT member_first_name AS first, member_last_name AS last FROM members WHERE member_mls_id = ${memberNumber}`,
  );
  return agentWithNumber(m!.first, m!.last, memberNumber);
}

describe('save', () => {
  describe('status transitions (every pair, vendor role)', () => {
    const pairs = SITE_STATUSES.flatMap((from) => SITE_STATUSES.map((to) => [from, to] as const));
    it.each(pairs)('%s -> %s', async (from, to) => {
      const id = await createSite();
      await forceStatus(id, from);
      const site = await getSite(id);
      expect(site.activated).toBe(from === 'Active');
      // Pending Termination needs a term date of today or later.
      const termDate = to === 'Pending Termination' ? inAYear() : site.termDate;
      const res = await save(site, { status: to, termDate });
      const allowed = isStatusChangeAllowed(from, to, 'vendor', {
        activated: site.activated,
        safSigned: false,
      });
      const licensed = (s: SiteStatus) => s === 'Active' || s === 'Pending Termination';
      if (allowed && licensed(to) && !licensed(from)) {
        // Offered, but only a licensed site receives listing data: no licence covers this one.
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(LicenceMessages.noLicence);
        expect((await getSite(id)).status).toBe(from);
      } else if (allowed) {
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as Website).status).toBe(to);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(WebsiteMessages.statusNotAllowed);
        expect((await getSite(id)).status).toBe(from);
      }
    });
  });

  const activate = async (id: number) =>
    t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      { ...inputOf(await getSite(id)), status: 'Active' },
      t.vendors.summit,
    );

  it('lets MLS staff (admin) activate a site with a signed SAF, and terminate', async () => {
    const id = await createSite();
    const paper = await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
    expect(paper.statusCode, paper.body).toBe(200);
    const asAdmin = await activate(id);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().status).toBe('Active');
    await forceStatus(id, 'Pending Termination');
    const end = await t.call(
      t.tokens.admin,
      'PUT',
      '/api/portal/websites',
      { ...inputOf(await getSite(id)), status: 'Inactive' },
      t.vendors.summit,
    );
    expect(end.json().status).toBe('Inactive');
  });

  it('activates no site without a SAF that counts, whoever asks, and leaves it as it was', async () => {
    const id = await createSite();
    for (const [token, vendor, code, message] of [
      [t.tokens.admin, t.vendors.summit, 409, WebsiteMessages.activationNeedsSaf],
      [demo(), undefined, 400, WebsiteMessages.statusNotAllowed],
      [t.tokens.viewer, undefined, 403, undefined],
    ] as const) {
      const res = await t.call(
        token,
        'PUT',
        '/api/portal/websites',
        { ...inputOf(await getSite(id)), status: 'Active' },
        vendor,
      );
      expect(res.statusCode, res.body).toBe(code);
      if (message) expect(res.json().message).toBe(message);
    }
    const after = await t.call(demo(), 'GET', `/api/portal/websites/${id}`);
    expect(after.json()).toMatchObject({
      status: 'Pending Activation',
      activated: false,
      saf: { state: 'not-sent' },
    });
  });

  it('answers the saved website and writes one History entry with from/to per field', async () => {
    const id = await createSite({ dba: 'Old' });
    await forceStatus(id, 'Active');
    const res = await save(await getSite(id), {
      dba: 'New',
      status: 'Pending Termination',
      termDate: '2031-05-06',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rowKey: id,
      dba: 'New',
      status: 'Pending Termination',
      termDate: '2031-05-06',
    });
    const log = (await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json();
    expect(log[0]).toMatchObject({
      description: 'Status changed to Pending Termination',
      user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
    });
    expect(log[0].changes).toEqual([
      // History reads as people do: the statuses by their display names.
      { path: ['status'], from: 'Active', to: 'Inactive (Pending)' },
      { path: ['termDate'], from: null, to: '2031-05-06' },
      { path: ['dba'], from: 'Old', to: 'New' },
    ]);
    expect(log.at(-1).description).toBe('Website created');
  });

  it('writes nothing when nothing changed', async () => {
    const id = await createSite();
    const res = await save(await getSite(id), {});
    expect(res.statusCode).toBe(200);
    expect((await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json()).toHaveLength(1);
  });

  it('refuses a domain change on an existing site', async () => {
    const id = await createSite();
    const res = await save(await getSite(id), { domainName: freshDomain('other') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WebsiteMessages.domainLocked);
  });

  it.each([
    ['Active', { startDate: '2029-01-01' }, WebsiteMessages.startDateLocked],
    ['Pending Termination', { startDate: '2029-01-01' }, WebsiteMessages.startDateLocked],
    ['Inactive', { startDate: '2029-01-01' }, WebsiteMessages.startDateLocked],
    ['Pending Activation', { termDate: '2029-01-01' }, WebsiteMessages.termDateLocked],
    ['Active', { termDate: '2029-01-01' }, WebsiteMessages.termDateLocked],
    ['Inactive', { termDate: '2029-01-01' }, WebsiteMessages.termDateLocked],
  ] as const)('in %s refuses %j', async (status, change, message) => {
    const id = await createSite();
    await forceStatus(id, status);
    const res = await save(await getSite(id), change);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('allows the start date in Pending Activation and the term date in Pending Termination', async () => {
    const id = await createSite();
    expect((await save(await getSite(id), { startDate: '2032-01-01' })).json().startDate).toBe('2032-01-01');
    await forceStatus(id, 'Pending Termination');
    expect((await save(await getSite(id), { termDate: '2033-01-01' })).json().termDate).toBe('2033-01-01');
    // Moving Inactive -> Pending Activation makes the start date editable in the same save.
    await forceStatus(id, 'Inactive');
    const back = await save(await getSite(id), { status: 'Pending Activation', startDate: '2034-01-01' });
    expect(back.json()).toMatchObject({ status: 'Pending Activation', startDate: '2034-01-01' });
  });

  it('changes the agent only before activation, and only to a roster agent', async () => {
    const id = await createSite();
    const ok = await save(await getSite(id), { memberNumber: t.agents.local[4] });
    expect(ok.json().memberNumber).toBe(t.agents.local[4]);
    const unknown = await save(await getSite(id), { memberNumber: 'NOPE-2' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(WebsiteMessages.agentNotFound);
    await forceStatus(id, 'Active');
    const locked = await save(await getSite(id), { memberNumber: t.agents.local[5] });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(WebsiteServerMessages.agentLocked);
  });

  it('404 for an unknown site; 400 without a rowKey', async () => {
    const site = await getSite(await createSite());
    expect((await save(site, { rowKey: 2_000_000_000 })).statusCode).toBe(404);
    const { rowKey: _omit, ...noKey } = inputOf(site);
    expect((await t.call(demo(), 'PUT', '/api/portal/websites', noKey)).statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('deletes a Pending Activation site', async () => {
    const id = await createSite();
    const res = await t.call(demo(), 'DELETE', `/api/portal/websites/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: WebsiteMessages.deleted });
    expect((await t.call(demo(), 'GET', `/api/portal/websites/${id}`)).statusCode).toBe(404);
  });

  it.each(['Active', 'Pending Termination', 'Inactive', 'Pending Activation'] as const)(
    'refuses a site that was Active, now %s',
    async (status) => {
      const id = await createSite();
      await forceStatus(id, 'Active');
      await forceStatus(id, status);
      const res = await t.call(demo(), 'DELETE', `/api/portal/websites/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: WebsiteMessages.deleteNotAllowed });
      expect((await t.call(demo(), 'GET', `/api/portal/websites/${id}`)).statusCode).toBe(200);
    },
  );

  it.each(['Pending Termination', 'Inactive'] as const)('refuses a %s site', async (status) => {
    const id = await createSite();
    await forceStatus(id, status);
    const res = await t.call(demo(), 'DELETE', `/api/portal/websites/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: WebsiteMessages.deleteNotAllowed });
  });
});

describe('requests', () => {
  it('records a domain change request for an Active site, with a History entry', async () => {
    const id = await createSite();
    await forceStatus(id, 'Active');
    const site = await getSite(id);
    const to = freshDomain('moved');
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: to.toUpperCase(),
      reason: 'rebrand',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      siteId: id,
      kind: 'domain',
      status: 'pending',
      payload: { domainName: to, reason: 'rebrand' },
    });
    expect((await getSite(id)).domainName).toBe(site.domainName);
    const log = (await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json();
    expect(log[0]).toMatchObject({
      description: 'Domain change requested',
      changes: [
        { path: ['domainName'], from: site.domainName, to },
        { path: ['reason'], from: null, to: 'rebrand' },
      ],
    });
    const list = (await t.call(demo(), 'GET', `/api/portal/websites/${id}/requests`)).json();
    expect(list).toHaveLength(1);
    const again = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: freshDomain(),
      reason: '',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${WebsiteMessages.domainChangeFailed}: ${REQUEST_PENDING_MESSAGES.domain}`,
    );
  });

  it('refuses a domain change request unless the site is Active, or to a licensed domain', async () => {
    const id = await createSite();
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: freshDomain(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `${WebsiteMessages.domainChangeFailed}: ${WebsiteServerMessages.domainChangeNotActive}`,
    );
    await forceStatus(id, 'Active');
    const taken = (await getSite(await createSite())).domainName;
    const dup = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: taken,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message.startsWith(WebsiteMessages.domainChangeFailed)).toBe(true);
    const bad = await t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, {
      domainName: 'nope',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('records an agent change request; the agent must exist', async () => {
    const id = await createSite();
    await forceStatus(id, 'Active');
    const missing = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: 'NOPE-3',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      `${WebsiteMessages.agentChangeFailed}: ${WebsiteMessages.agentNotFound}`,
    );
    const same = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: t.agents.local[2],
    });
    expect(same.statusCode).toBe(400);
    const res = await t.call(demo(), 'POST', `/api/portal/websites/${id}/agent-change`, {
      memberNumber: t.agents.local[6],
      reason: 'moved office',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'agent',
      payload: { memberNumber: t.agents.local[6], reciprocal: false },
    });
    const log = (await t.call(demo(), 'GET', `/api/website/${id}/changelog`)).json();
    expect(log[0]).toMatchObject({
      description: 'Agent change requested',
      // Agents by name with their member number, and the reason of the request.
      changes: [
        {
          path: ['memberNumber'],
          from: await agentText(t.agents.local[2]!),
          to: await agentText(t.agents.local[6]!),
        },
        { path: ['reason'], from: null, to: 'moved office' },
      ],
    });
    const west = await createSite({}, demo(), t.vendors.west);
    await forceStatus(west, 'Active');
    const recip = await t.call(
      demo(),
      'POST',
      `/api/portal/websites/${west}/agent-change`,
      { memberNumber: t.agents.reciprocal, reciprocal: true },
      t.vendors.west,
    );
    expect(recip.statusCode).toBe(403);
  });
});

describe('one domain, one site', () => {
  const create = (domainName: string, token = demo(), vendor?: number) =>
    t.call(
      token,
      'POST',
      '/api/portal/websites',
      { domainName, memberNumber: t.agents.local[2], products: [1] },
      vendor,
    );
  const requestDomain = (id: number, domainName: string) =>
    t.call(demo(), 'POST', `/api/portal/websites/${id}/domain-change`, { domainName, reason: '' });
  async function activeSite(): Promise<number> {
    const id = await createSite();
    await forceStatus(id, 'Active');
    return id;
  }

  it('treats a leading www. as the same site, across vendors, without naming the holder', async () => {
    const bare = freshDomain('www-pair');
    await createSite({ domainName: bare }, t.tokens.admin, t.vendors.harbor);
    const withWww = await create(`www.${bare}`);
    expect(withWww.statusCode).toBe(409);
    expect(withWww.json()).toEqual({ code: 409, message: WebsiteMessages.duplicateDomain });

    const prefixed = freshDomain('www-first');
    await createSite({ domainName: `WWW.${prefixed}` });
    const plain = await create(prefixed, t.tokens.admin, t.vendors.harbor);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toEqual({ code: 409, message: WebsiteMessages.duplicateDomain });
    // A label that merely starts with "www" is another name.
    expect((await create(`wwwx.${prefixed}`)).statusCode).toBe(201);
  });

  it('reserves a domain named in a pending change request, for creates and other requests alike', async () => {
    const wanted = freshDomain('reserved');
    const first = await activeSite();
    expect((await requestDomain(first, wanted)).statusCode).toBe(201);

    const created = await create(`www.${wanted}`, t.tokens.admin, t.vendors.harbor);
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ code: 409, message: WebsiteServerMessages.domainReserved });

    const second = await activeSite();
    const again = await requestDomain(second, wanted.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${WebsiteMessages.domainChangeFailed}: ${WebsiteServerMessages.domainReserved}`,
    );
    const pending = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM website_requests WHERE payload ->> 'domainName' = ${wanted}`,
    );
    expect(pending[0]!.n).toBe(1);
  });

  it('lets one of two parallel writers take a domain, whichever way they ask', async () => {
    const wanted = freshDomain('race');
    const sites = await Promise.all([activeSite(), activeSite(), activeSite()]);
    const answers = await Promise.all([
      requestDomain(sites[0]!, wanted),
      requestDomain(sites[1]!, `www.${wanted}`),
      requestDomain(sites[2]!, wanted),
      create(wanted),
      create(`www.${wanted}`, t.tokens.admin, t.vendors.harbor),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toMatch(/already exists|pending domain change request/);
    }
  });
});

describe('list', () => {
  const list = async (query: string, token = demo(), vendor?: number) => {
    const res = await t.call(token, 'GET', `/api/portal/websites${query}`, undefined, vendor);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Website[]; total: number };
  };
  const countOf = async (vendorId: number, status?: string) => {
    const [row] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM websites WHERE vendor_id = ${vendorId} ${status ? sql`AND status = ${status}` : sql``}`,
    );
    return Number(row!.n);
  };

  it('answers a page and the total of the acting vendor only', async () => {
    const all = await list('?pageSize=500');
    expect(all.total).toBe(await countOf(t.vendors.summit));
    expect(all.items).toHaveLength(all.total);
    const ids = new Set(
      (await t.rows<{ id: number }>(sql`SELECT id FROM websites WHERE vendor_id = ${t.vendors.summit}`)).map(
        (r) => r.id,
      ),
    );
    expect(all.items.every((s) => ids.has(s.rowKey))).toBe(true);
    const west = await list('?pageSize=500', demo(), t.vendors.west);
    expect(west.total).toBe(await countOf(t.vendors.west));
  });

  it.each(SITE_STATUSES)('filters by status %s', async (status) => {
    const page = await list(`?status=${encodeURIComponent(status)}&pageSize=500`);
    expect(page.total).toBe(await countOf(t.vendors.summit, status));
    expect(page.items.every((s) => s.status === status)).toBe(true);
  });

  it('pages without overlap or gaps', async () => {
    const ten = await list('?pageSize=10&sort=domainName');
    const p1 = await list('?pageSize=5&page=1&sort=domainName');
    const p2 = await list('?pageSize=5&page=2&sort=domainName');
    expect([...p1.items, ...p2.items].map((s) => s.rowKey)).toEqual(ten.items.map((s) => s.rowKey));
    const beyond = await list('?pageSize=50&page=1000');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(ten.total);
  });

  const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  it.each([
    ['domainName', 'asc', (s: Website) => s.domainName],
    ['domainName', 'desc', (s: Website) => s.domainName],
    ['licensee', 'asc', (s: Website) => s.licensee],
    ['memberNumber', 'desc', (s: Website) => s.memberNumber],
    ['office', 'asc', (s: Website) => s.office],
    ['mlsStatus', 'asc', (s: Website) => s.mlsStatus],
  ] as const)('sorts by %s %s', async (sort, order, key) => {
    const page = await list(`?pageSize=500&sort=${sort}&order=${order}`);
    const values = page.items.map(key);
    const sorted = [...values].sort(byteOrder);
    expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
  });

  it('sorts dates with empty ones last when ascending', async () => {
    const values = (await list('?pageSize=500&sort=termDate&order=asc')).items.map((s) => s.termDate);
    const firstNull = values.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
    const dated = values.slice(0, firstNull) as string[];
    expect(dated).toEqual([...dated].sort());
  });

  it('searches domain, member number, licensee and office, case-insensitively', async () => {
    const [site] = await t.rows<{ domain_name: string; member_number: string }>(
      sql`SELECT domain_name, member_number FROM websites WHERE vendor_id = ${t.vendors.summit} ORDER BY id LIMIT 1`,
    );
    const byDomain = await list(
      `?search=${encodeURIComponent(site!.domain_name.slice(0, -4).toUpperCase())}`,
    );
    expect(byDomain.items.some((s) => s.domainName === site!.domain_name)).toBe(true);
    expect(
      byDomain.items.every(
        (s) =>
          s.domainName.includes(site!.domain_name.slice(0, -4)) ||
          s.licensee.toLowerCase().includes(site!.domain_name.slice(0, -4)),
      ),
    ).toBe(true);

    const byNumber = await list(`?search=${site!.member_number}&pageSize=100`);
    expect(byNumber.total).toBeGreaterThan(0);
    expect(
      byNumber.items.every(
        (s) => s.memberNumber.includes(site!.member_number) || s.domainName.includes(site!.member_number),
      ),
    ).toBe(true);

    const one = byNumber.items[0]!;
    const byName = await list(`?search=${encodeURIComponent(one.lastName.toLowerCase())}&pageSize=500`);
    expect(byName.items.some((s) => s.rowKey === one.rowKey)).toBe(true);
    expect(byName.total).toBe(byName.items.length);
    const byOffice = await list(`?search=${encodeURIComponent(one.office)}&pageSize=500`);
    expect(byOffice.items.some((s) => s.rowKey === one.rowKey)).toBe(true);
    expect(
      byOffice.items.every(
        (s) =>
          s.office.toLowerCase().includes(one.office.toLowerCase()) ||
          s.licensee.toLowerCase().includes(one.office.toLowerCase()) ||
          s.domainName.includes(one.office.toLowerCase()),
      ),
    ).toBe(true);

    const withStatus = await list(
      `?search=${encodeURIComponent(one.office)}&status=${encodeURIComponent(one.status)}&pageSize=500`,
    );
    expect(withStatus.items.every((s) => s.status === one.status)).toBe(true);
    expect(withStatus.items.some((s) => s.rowKey === one.rowKey)).toBe(true);

    const wildcard = await list('?search=%25_%25');
    expect(wildcard.total).toBe(0);
  });

  it('never finds another vendor\u2019s sites', async () => {
    const [harbor] = await t.rows<{ domain_name: string }>(
      sql`SELECT domain_name FROM websites WHERE vendor_id = ${t.vendors.harbor} LIMIT 1`,
    );
    expect((await list(`?search=${encodeURIComponent(harbor!.domain_name)}`)).total).toBe(0);
    const mine = await list('?pageSize=500', t.tokens.other);
    expect(mine.total).toBe(await countOf(t.vendors.harbor));
  });

  it.each([
    '?page=0',
    '?page=abc',
    '?pageSize=0',
    '?pageSize=501',
    '?sort=bogus',
    '?order=up',
    '?status=Bogus',
    `?search=${'x'.repeat(201)}`,
  ])('400 for %s', async (query) => {
    const res = await t.call(demo(), 'GET', `/api/portal/websites${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });
});

describe('ids', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3'])('400 for id %s', async (id) => {
    for (const url of [
      `/api/portal/websites/${id}`,
      `/api/website/${id}/changelog`,
      `/api/websites/${id}/team`,
    ]) {
      const res = await t.call(demo(), 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('404 for a site that does not exist', async () => {
    const res = await t.call(demo(), 'GET', '/api/portal/websites/2000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: WebsiteServerMessages.siteNotFound });
  });
});
