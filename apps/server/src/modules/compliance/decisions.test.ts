import {
  FINDING_EXTEND_MAX_DAYS,
  QueueMessages,
  WebsiteMessages,
  type QueueItem,
  type QueuePage,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalTest } from '../websites/test-fixture.ts';
import { checkSite } from './check-site.ts';
import { addDays } from './decisions.ts';
import { complianceSites, type ComplianceSites } from './test-fixture.ts';

/**
 * A compliance finding left unfixed past its due date waits in the approval queue as "Compliance
 * overdue", where MLS staff extend it, waive it or start the site's termination; each decision is
 * kept in History and told to the vendor, and nothing is terminated by itself.
 */

const HOST = 'overdue.test';
let c: ComplianceSites;
let t: PortalTest;
let site: number;

beforeAll(async () => {
  c = await complianceSites([HOST]);
  t = c.t;
  site = c.ids[HOST]!;
}, 120_000);
afterAll(async () => c?.close());

const today = () => new Date().toISOString().slice(0, 10);
const admin = (url: string, payload?: unknown) => t.call(t.tokens.admin, 'POST', url, payload);

async function compliance(): Promise<QueueItem[]> {
  const res = await t.call(t.tokens.admin, 'GET', '/api/admin/queue?kind=compliance&pageSize=100');
  expect(res.statusCode).toBe(200);
  return (res.json() as QueuePage).items.filter((i) => i.siteId === site);
}

/** The site fails its disclaimer rule; the finding's due date then passes. */
async function overdueFinding(): Promise<number> {
  c.serve(HOST, { noDisclaimer: true });
  await checkSite(t.app.ctx, site, 'schedule');
  const [open] = await t.rows<{ id: number }>(
    sql`SELECT id FROM compliance_findings WHERE website_id = ${site} AND state = 'open' AND rule_id = 'disclaimer'`,
  );
  expect(open).toBeDefined();
  expect(await compliance()).toEqual([]);
  await t.db.execute(sql`UPDATE compliance_findings SET due_on = current_date - 2 WHERE id = ${open!.id}`);
  return Number(open!.id);
}

const history = (kind: string) =>
  t.rows<{ description: string; username: string }>(
    sql`SELECT description, username FROM website_changes WHERE website_id = ${site} AND kind = ${kind} ORDER BY id`,
  );

describe('compliance overdue in the approval queue', () => {
  it('shows the overdue finding with its rule, evidence and due date; vendors cannot decide it', async () => {
    const id = await overdueFinding();
    const [item] = await compliance();
    expect(item).toMatchObject({
      kind: 'compliance',
      key: `compliance:${id}`,
      requestId: null,
      requested: 'Required text',
      blockers: [],
      finding: { id, rule: 'Required text', dueOn: addDays(today(), -2) },
    });
    expect(item!.reason).not.toBe('');
    expect((await history('website.compliance_found')).map((h) => h.username)).toEqual(['system']);
    expect(item!.since.slice(0, 10)).toBe(addDays(today(), -1));
    for (const token of [t.tokens.demo, t.tokens.viewer, t.tokens.other])
      for (const action of ['extend', 'waive', 'terminate']) {
        const res = await t.call(token, 'POST', `/api/admin/compliance/findings/${id}/${action}`, {
          reason: 'x',
        });
        expect(res.statusCode, `${action}`).toBe(404);
      }
  });

  it('extend: refuses a date not ahead or too far, then moves the fix-by date with History and a notice', async () => {
    const [item] = await compliance();
    const id = item!.finding!.id;
    const url = `/api/admin/compliance/findings/${id}/extend`;
    for (const [dueOn, message] of [
      [today(), QueueMessages.extendNotAhead],
      [addDays(today(), FINDING_EXTEND_MAX_DAYS + 1), QueueMessages.extendTooFar],
    ] as const) {
      const res = await admin(url, { dueOn, reason: 'New theme ships next week.' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await admin(url, { dueOn: addDays(today(), 7), reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please give a reason.');
    const dueOn = addDays(today(), 7);
    const res = await admin(url, { dueOn, reason: 'New theme ships next week.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(QueueMessages.findingExtended(dueOn));
    expect(await compliance()).toEqual([]);
    expect((await history('website.compliance_extended')).at(-1)).toMatchObject({
      description: `Compliance finding "Required text": fix-by date moved to ${dueOn}`,
      username: 'admin',
    });
    const told = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE website_id = ${site} AND content LIKE '%moved the fix-by date%'`,
    );
    expect(told.at(-1)?.content).toContain('New theme ships next week.');
    const [decision] = await t.rows<{ kind: string; outcome: string }>(
      sql`SELECT kind, outcome FROM staff_decisions WHERE website_id = ${site} ORDER BY id DESC LIMIT 1`,
    );
    expect(decision).toEqual({ kind: 'compliance', outcome: 'approved' });
  });

  it('waive: closes the finding with its reason; the same failure is not opened again until the rule passes', async () => {
    await t.db.execute(
      sql`UPDATE compliance_findings SET due_on = current_date - 1 WHERE website_id = ${site} AND state = 'open'`,
    );
    const [item] = await compliance();
    const id = item!.finding!.id;
    const res = await admin(`/api/admin/compliance/findings/${id}/waive`, {
      reason: 'The disclaimer is on every listing page.',
    });
    expect(res.statusCode).toBe(200);
    const again = await admin(`/api/admin/compliance/findings/${id}/waive`, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QueueMessages.findingNotOpen);
    const [row] = await t.rows<{ state: string; close_reason: string }>(
      sql`SELECT state, close_reason FROM compliance_findings WHERE id = ${id}`,
    );
    expect(row).toEqual({ state: 'waived', close_reason: 'The disclaimer is on every listing page.' });
    expect(await history('website.compliance_waived')).toHaveLength(1);
    // Still failing: the waiver holds.
    expect(await checkSite(t.app.ctx, site, 'schedule')).toMatchObject({ decision: 'fail', opened: 0 });
    // Fixed, then broken again: a new finding.
    c.serve(HOST);
    expect(await checkSite(t.app.ctx, site, 'schedule')).toMatchObject({ decision: 'pass' });
    // The waived finding stays waived; nothing was open to resolve.
    expect(await history('website.compliance_resolved')).toHaveLength(0);
    c.serve(HOST, { noDisclaimer: true });
    expect(await checkSite(t.app.ctx, site, 'schedule')).toMatchObject({ decision: 'fail', opened: 1 });
  });

  it('start a termination: refused for a stale version or a past date, then the site waits in Pending Termination; the vendor cannot withdraw it', async () => {
    await t.db.execute(
      sql`UPDATE compliance_findings SET due_on = current_date - 1 WHERE website_id = ${site} AND state = 'open'`,
    );
    const [item] = await compliance();
    const url = `/api/admin/compliance/findings/${item!.finding!.id}/terminate`;
    const reason = 'Still no disclaimer after two reminders.';
    const stale = await admin(url, { version: item!.version - 1, termDate: today(), reason });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(QueueMessages.stale);
    const past = await admin(url, { version: item!.version, termDate: addDays(today(), -3), reason });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(WebsiteMessages.termDateInPast);
    const termDate = addDays(today(), 30);
    const res = await admin(url, { version: item!.version, termDate, reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(QueueMessages.findingTerminationStarted(HOST));
    const [status] = await t.rows<{ status: string; term_date: string }>(
      sql`SELECT status, term_date::text FROM websites WHERE id = ${site}`,
    );
    expect(status).toEqual({ status: 'Pending Termination', term_date: termDate });
    expect(await compliance()).toEqual([]);
    const termination = await t.call(t.tokens.admin, 'GET', '/api/admin/queue?kind=termination&pageSize=100');
    expect((termination.json() as QueuePage).items.some((i) => i.siteId === site)).toBe(true);
    expect((await history('website.termination_requested')).at(-1)).toMatchObject({
      description: 'Termination started by the MLS: the compliance rule "Required text" was not fixed',
      username: 'admin',
    });
    const withdraw = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${site}/termination/withdraw`);
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().message).toBe(WebsiteMessages.withdrawMlsTermination);
    // The finding stays open: a passing check still resolves it, and the site stays as staff left it.
    c.serve(HOST);
    expect(await checkSite(t.app.ctx, site, 'vendor')).toMatchObject({ decision: 'pass', resolved: 1 });
    expect((await history('website.compliance_resolved')).at(-1)?.description).toBe(
      'Compliance rule "Required text" passes again: its finding is resolved',
    );
    const [after] = await t.rows<{ status: string }>(sql`SELECT status FROM websites WHERE id = ${site}`);
    expect(after!.status).toBe('Pending Termination');
  });

  it('an unknown finding is 404, and a bad id or body 400', async () => {
    expect((await admin('/api/admin/compliance/findings/99999999/waive', { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin('/api/admin/compliance/findings/abc/waive', { reason: 'x' })).statusCode).toBe(400);
    const bad = await admin('/api/admin/compliance/findings/1/extend', { dueOn: 'soon', reason: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
