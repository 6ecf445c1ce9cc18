import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { RosterSyncError } from './reso-client.ts';
import { runRosterSync } from './sync.ts';

/**
 * The roster sync against a small RESO-shaped server this test starts: OData paging with
 * @odata.nextLink, $filter on ModificationTimestamp, OAuth2 client credentials whose tokens expire
 * between pages, and a server error in the middle.
 */

type Rec = Record<string, unknown>;

interface Reso {
  url: string;
  offices: Rec[];
  members: Rec[];
  /** Every page asked for, as path and query. */
  asked: string[];
  tokensIssued: number;
  /** Pages (by $skip of Member) answering 500 while the count lasts. */
  failures: Map<number, number>;
  /** When set, next links point to this origin instead of the server's own. */
  nextOrigin: string | null;
  close(): Promise<void>;
}

async function startReso(): Promise<Reso> {
  const reso: Omit<Reso, 'url' | 'close'> = {
    offices: [],
    members: [],
    asked: [],
    tokensIssued: 0,
    failures: new Map(),
    nextOrigin: null,
  };
  // A token answers two pages, then the server refuses it.
  const tokens = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== 'portal' || form.get('client_secret') !== 's3cret')
          return send(401, { error: 'invalid_client' });
        reso.tokensIssued++;
        const token = `t${reso.tokensIssued}`;
        tokens.set(token, 2);
        send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      });
      return;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const left = tokens.get(token) ?? 0;
    if (left <= 0) return send(401, { error: 'invalid_token' });
    tokens.set(token, left - 1);
    const resource = url.pathname.slice(1);
    if (resource !== 'Member' && resource !== 'Office') return send(404, {});
    reso.asked.push(`${url.pathname}${url.search}`);
    const top = Number(url.searchParams.get('$top') ?? 100);
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const failing = reso.failures.get(skip) ?? 0;
    if (resource === 'Member' && failing > 0) {
      reso.failures.set(skip, failing - 1);
      return send(500, { error: 'upstream' });
    }
    const since = /ModificationTimestamp gt (\S+)/.exec(url.searchParams.get('$filter') ?? '')?.[1];
    const all = (resource === 'Member' ? reso.members : reso.offices)
      .filter((r) => !since || Date.parse(String(r.ModificationTimestamp)) > Date.parse(since))
      .sort(
        (a, b) => Date.parse(String(a.ModificationTimestamp)) - Date.parse(String(b.ModificationTimestamp)),
      );
    const value = all.slice(skip, skip + top);
    const next = new URL(`${url.pathname}${url.search}`, reso.nextOrigin ?? url.origin);
    next.searchParams.set('$skip', String(skip + top));
    send(200, { value, ...(skip + top < all.length ? { '@odata.nextLink': next.toString() } : {}) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(reso, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let t: PortalTest;
let reso: Reso;
beforeAll(async () => {
  t = await setupPortal();
  reso = await startReso();
});
afterAll(async () => {
  await reso.close();
  await t.close();
});

const source = () => ({
  url: reso.url,
  token: null,
  tokenUrl: `${reso.url}/token`,
  clientId: 'portal',
  clientSecret: 's3cret',
  cron: '*/15 * * * *',
});

const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('roster sync', () => {
  it('pulls changed records page by page, resumes after a failure, and flags the sites of agents who left', async () => {
    // An agent of an Active site of the demo vendor, and the agent of another, who moves office.
    const sites = await t.rows<{ id: number; member_number: string }>(
      sql`SELECT w.id, w.member_number FROM websites w JOIN members m ON m.member_mls_id = w.member_number
        WHERE w.vendor_id = ${t.vendors.summit} AND w.status = 'Active' AND m.member_status = 'Active'
          AND NOT m.reciprocal
        ORDER BY w.id LIMIT 40`,
    );
    const leaver = sites[0]!;
    const mover = sites.find((s) => s.member_number !== leaver.member_number)!;
    const member = async (mlsId: string) =>
      (
        await t.rows<Rec>(
          sql`SELECT member_key AS "MemberKey", member_mls_id AS "MemberMlsId", member_first_name AS "MemberFirstName",
            member_last_name AS "MemberLastName", member_state_license AS "MemberStateLicense",
            member_status AS "MemberStatus", member_aor AS "MemberAOR", office_key AS "OfficeKey"
          FROM members WHERE member_mls_id = ${mlsId}`,
        )
      )[0]!;

    reso.offices.push({
      OfficeKey: 'SYNC-O1',
      OfficeMlsId: 'SYNCO1',
      OfficeName: 'Lakeside Realty',
      OfficeBrokerMlsId: null,
      OfficeAOR: 'Main',
      ModificationTimestamp: iso(60),
    });
    reso.members.push(
      { ...(await member(leaver.member_number)), MemberStatus: 'Inactive', ModificationTimestamp: iso(50) },
      { ...(await member(mover.member_number)), OfficeKey: 'SYNC-O1', ModificationTimestamp: iso(49) },
      ...Array.from({ length: 5 }, (_, i) => ({
        MemberKey: `SYNC-M${i}`,
        MemberMlsId: `SYNC${i}`,
        MemberFirstName: 'New',
        MemberLastName: `Agent ${i}`,
        MemberStatus: 'Active',
        MemberAOR: 'Main',
        OfficeKey: 'SYNC-O1',
        ModificationTimestamp: iso(40 - i),
      })),
    );
    // The second member page fails more often than the client tries: the run stops there.
    reso.failures.set(2, 10);
    await expect(runRosterSync(t.app.ctx, source(), { pageSize: 2, retryDelayMs: 1 })).rejects.toBeInstanceOf(
      RosterSyncError,
    );
    const [position] = await t.rows<{ next_link: string | null }>(
      sql`SELECT next_link FROM roster_sync_state WHERE resource = 'Member'`,
    );
    expect(position!.next_link).toContain('%24skip=2');
    // The first page was committed: the leaver's site is flagged already.
    const flagged = async (id: number) =>
      (
        await t.rows<{ roster_flag: string | null }>(sql`SELECT roster_flag FROM websites WHERE id = ${id}`)
      )[0]!.roster_flag;
    expect(await flagged(leaver.id)).toContain('is no longer active on the MLS roster (Terminated)');

    reso.failures.clear();
    const asked = reso.asked.length;
    const report = await runRosterSync(t.app.ctx, source(), { pageSize: 2, retryDelayMs: 1 });
    const resumed = reso.asked.slice(asked).filter((a) => a.startsWith('/Member'));
    // It went on from the page that failed, not from the start.
    expect(resumed[0]).toContain('%24skip=2');
    expect(resumed.some((a) => !a.includes('skip'))).toBe(false);
    expect(report.members.added).toBe(5);
    // Tokens last two pages each: the client got new ones as they were refused.
    expect(reso.tokensIssued).toBeGreaterThanOrEqual(3);

    const [added] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM members WHERE member_key LIKE 'SYNC-M%'`,
    );
    expect(added!.n).toBe(5);

    // The leaver's sites wait for staff, and the vendor was told.
    const queue = (await t.call(t.tokens.admin, 'GET', '/api/admin/queue?kind=roster&pageSize=100')).json();
    const item = queue.items.find((i: { siteId: number }) => i.siteId === leaver.id);
    expect(item.reason).toContain('is no longer active on the MLS roster');
    const [notice] = await t.rows<{ content: string }>(
      sql`SELECT n.content FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.username = 'demo' AND n.website_id = ${leaver.id} ORDER BY n.id DESC LIMIT 1`,
    );
    expect(notice!.content).toContain('MLS staff will review the website');
    // No status changed by itself.
    const [status] = await t.rows<{ status: string }>(
      sql`SELECT status FROM websites WHERE id = ${leaver.id}`,
    );
    expect(status!.status).toBe('Active');

    // The mover's site records the new broker information.
    const [entry] = await t.rows<{ description: string; changes: unknown }>(
      sql`SELECT description, changes FROM website_changes WHERE website_id = ${mover.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.description).toContain('Broker information changed');
    expect(JSON.stringify(entry!.changes)).toContain('Lakeside Realty (#SYNCO1)');

    // Staff mark the flagged site reviewed: it leaves the queue.
    const cleared = await t.call(
      t.tokens.admin,
      'POST',
      `/api/admin/websites/${leaver.id}/roster-flag/clear`,
      {
        version: item.version,
      },
    );
    expect(cleared.statusCode).toBe(200);
    expect(await flagged(leaver.id)).toBeNull();
    const again = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${leaver.id}/roster-flag/clear`, {
      version: item.version,
    });
    expect(again.statusCode).toBe(409);
  });

  it('asks next time only for what changed since, and a replayed page changes nothing', async () => {
    const before = reso.asked.length;
    const report = await runRosterSync(t.app.ctx, source(), { pageSize: 2, retryDelayMs: 1 });
    const asked = reso.asked.slice(before);
    expect(asked.every((a) => a.includes('ModificationTimestamp%20gt'))).toBe(true);
    expect(report).toMatchObject({ members: { added: 0, updated: 0 }, flagged: 0, moved: 0 });

    // One more change upstream arrives alone.
    reso.members.push({
      MemberKey: 'SYNC-M9',
      MemberMlsId: 'SYNC9',
      MemberFirstName: 'Late',
      MemberLastName: 'Comer',
      MemberStatus: 'Active',
      MemberAOR: 'Main',
      OfficeKey: 'SYNC-O1',
      ModificationTimestamp: iso(1),
    });
    const late = await runRosterSync(t.app.ctx, source(), { pageSize: 2, retryDelayMs: 1 });
    expect(late.members.added).toBe(1);
  });

  it('a refused token without client credentials fails with a clear error', async () => {
    await expect(
      runRosterSync(
        t.app.ctx,
        { ...source(), token: 'wrong', tokenUrl: null, clientId: null, clientSecret: null },
        { retryDelayMs: 1 },
      ),
    ).rejects.toThrow(/HTTP 401/);
  });

  it('follows no next link to another host, so the token goes nowhere else', async () => {
    const heard: string[] = [];
    const elsewhere = createServer((req, res) => {
      heard.push(req.headers.authorization ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"value":[]}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    reso.nextOrigin = origin;
    try {
      await t.db.execute(sql`DELETE FROM roster_sync_state`);
      await expect(runRosterSync(t.app.ctx, source(), { pageSize: 1, retryDelayMs: 1 })).rejects.toThrow(
        `The roster server gave a next page on another host (${origin}); only ${reso.url} is followed.`,
      );
      expect(heard).toEqual([]);
      // Nor is such a link kept to be followed by the next run.
      const kept = await t.rows<{ next_link: string | null }>(sql`SELECT next_link FROM roster_sync_state`);
      expect(kept.filter((r) => r.next_link?.startsWith(origin))).toEqual([]);
    } finally {
      reso.nextOrigin = null;
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });
});
