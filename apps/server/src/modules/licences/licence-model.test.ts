import { TEAM_PRODUCT_ID, type SiteStatus, type Team, type WebsiteDetail } from '@vp/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intArray } from '../../db/sql.ts';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { agentsWithBrokers, mailedSigningToken, sendForm, signWith } from '../signatures/test-fixture.ts';
import { TERM_DATES_JOB } from '../websites/index.ts';
import {
  dayFromToday,
  freshDomain,
  readSite,
  setupPortal,
  type PortalTest,
} from '../websites/test-fixture.ts';

/**
 * The licence's rules, proven by random sequences of every action any role can take on a handful
 * of sites, through the HTTP API of the real app. After every step:
 *  1. every Active or Pending Termination site holds a current licence for exactly its terms;
 *  2. every licence granted during the run came from an MLS decision, and its form (when it names
 *     one) covers its terms; an activation always names one;
 *  3. no vendor, viewer, other vendor or signer action alone licenses a site or changes a licensed
 *     site's terms;
 *  4. every change of a site's status, terms or licence is in its History;
 * and no call answers 500.
 *
 * CI runs a fixed seed and size on both databases; `npm run fuzz:licence` runs many more sequences
 * with a fresh seed (LICENCE_FUZZ_RUNS, LICENCE_FUZZ_SEED, LICENCE_FUZZ_COMMANDS).
 */

const RUNS = Number(process.env.LICENCE_FUZZ_RUNS) || 60;
const SEED = process.env.LICENCE_FUZZ_SEED ? Number(process.env.LICENCE_FUZZ_SEED) : 20261129;
const MAX_COMMANDS = Number(process.env.LICENCE_FUZZ_COMMANDS) || 18;

let t: PortalTest;
let adminId: number;
let agents: string[];
let vendorId: number;

beforeAll(async () => {
  // Thousands of sequences create sites far faster than any vendor: the per-minute limit is lifted.
  t = await setupPortal({ env: { SITE_CREATE_PER_MINUTE: '1000000' } });
  agents = (await agentsWithBrokers(t, 5)).map((a) => a.agent);
  vendorId = t.vendors.summit;
  const [admin] = await t.rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
  adminId = admin!.id;
}, 120_000);
afterAll(async () => t?.close());

const PRODUCTS = [[1], [3], [TEAM_PRODUCT_ID]] as const;
const STATUSES: SiteStatus[] = ['Pending Activation', 'Active', 'Pending Termination', 'Inactive'];
const LICENSED = ['Active', 'Pending Termination'];

/** The sites a run made; each command acts on one of them (or on several, in bulk). */
interface Model {
  sites: number[];
}

interface Real {
  /** Actions in this run, by kind, for the report. */
  tally: Map<string, number>;
}

type Actor = 'vendor' | 'admin' | 'viewer' | 'other' | 'signer' | 'job';

interface Snapshot {
  at: string;
  sites: Map<number, { status: string; hash: string; licence: number | null }>;
  maxLicence: number;
}

async function snapshot(ids: readonly number[]): Promise<Snapshot> {
  const rows = await t.rows<{ id: number; status: string; hash: string; licence: number | null; at: string }>(
    sql`SELECT w.id, w.status, website_terms_hash(w.id) AS hash,
        (SELECT l.id FROM licences l WHERE l.website_id = w.id AND l.ended_at IS NULL) AS licence,
        clock_timestamp()::text AS at
      FROM websites w WHERE w.id = ANY(${intArray([...ids])})`,
  );
  const [max] = await t.rows<{ n: number; at: string }>(
    sql`SELECT COALESCE(max(id), 0)::int AS n, clock_timestamp()::text AS at FROM licences`,
  );
  return {
    at: max!.at,
    sites: new Map(rows.map((r) => [r.id, { status: r.status, hash: r.hash, licence: r.licence }])),
    maxLicence: max!.n,
  };
}

/** Rule 1: the licensed sites among `ids` (all sites when null) hold a licence for their terms now. */
async function checkLicensed(step: string, ids: readonly number[] | null): Promise<void> {
  const unlicensed = await t.rows<{ id: number }>(
    sql`SELECT w.id FROM websites w WHERE w.status IN ('Active', 'Pending Termination')
      AND ${ids === null ? sql`true` : sql`w.id = ANY(${intArray([...ids])})`}
      AND NOT EXISTS (SELECT 1 FROM licences l WHERE l.website_id = w.id AND l.ended_at IS NULL
        AND l.terms_hash = website_terms_hash(w.id))`,
  );
  expect(unlicensed, `${step}: licensed sites without a licence for their terms`).toEqual([]);
}

/** The four rules, checked after a step by `actor` against the snapshot taken before it. */
async function checkRules(model: Model, before: Snapshot, actor: Actor, step: string): Promise<boolean> {
  // 1. Every licensed site of the run holds a current licence for its terms (every site of the
  // database, at the end of each sequence).
  await checkLicensed(step, model.sites);

  // 2. Licences granted in this step: by an MLS decision, with a form that covers them.
  const granted = await t.rows<{
    id: number;
    granted_by: string;
    granted_by_user: number | null;
    form_kind: string;
    form_note: string;
    covers: boolean | null;
  }>(
    sql`SELECT l.id, l.granted_by, l.granted_by_user, l.form_kind, l.form_note,
        saf_covers(d.saf_parties, l.saf_parties) AS covers
      FROM licences l LEFT JOIN documents d ON d.id = l.form_document_id
      WHERE l.id > ${before.maxLicence}`,
  );
  for (const l of granted) {
    expect(l.granted_by_user, `${step}: licence ${l.id} granted by ${l.granted_by_user}`).toBe(adminId);
    expect(['activation', 'change approval', 'staff edit']).toContain(l.granted_by);
    if (l.form_kind === 'portal') expect(l.covers, `${step}: licence ${l.id}'s form covers it`).toBe(true);
    if (l.form_kind === 'paper')
      expect(l.covers === true || l.form_note !== '', `${step}: licence ${l.id}'s paper form`).toBe(true);
    if (l.granted_by === 'activation') expect(l.form_kind, `${step}: activation ${l.id}`).not.toBe('none');
  }

  const after = await snapshot(model.sites);
  // 3. Nobody but MLS staff (and the term-date job ending a licence) licenses a site or changes its terms.
  if (actor !== 'admin') {
    expect(granted, `${step}: licences granted by a ${actor}`).toEqual([]);
    for (const [id, now] of after.sites) {
      const was = before.sites.get(id);
      if (!LICENSED.includes(now.status)) continue;
      expect(was && LICENSED.includes(was.status), `${step}: site ${id} licensed by a ${actor}`).toBe(true);
      expect(now.hash, `${step}: terms of licensed site ${id} changed by a ${actor}`).toBe(was!.hash);
      expect(now.licence).toBe(was!.licence);
    }
  }

  // 4. Every change of status, terms or licence is in the site's History.
  const changed = [...after.sites].filter(([id, now]) => {
    const was = before.sites.get(id);
    return was && (was.status !== now.status || was.hash !== now.hash || was.licence !== now.licence);
  });
  if (changed.length > 0) {
    const logged = await t.rows<{ website_id: number }>(
      sql`SELECT DISTINCT website_id FROM website_changes
        WHERE website_id = ANY(${intArray(changed.map(([id]) => id))}) AND created_at >= ${before.at}::timestamptz`,
    );
    expect(logged.map((r) => r.website_id).sort(), `${step}: changes without History`).toEqual(
      changed.map(([id]) => id).sort(),
    );
  }
  return [...after.sites.values()].some((s) => LICENSED.includes(s.status));
}

const token = (actor: Actor) =>
  actor === 'admin'
    ? t.tokens.admin
    : actor === 'viewer'
      ? t.tokens.viewer
      : actor === 'other'
        ? t.tokens.other
        : t.tokens.demo;

/** A call as `actor` (staff act for the demo vendor); a 500 fails the run wherever it comes. */
async function call(actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await t.call(token(actor), method, url, body, actor === 'admin' ? vendorId : undefined);
  expect(res.statusCode, `${method} ${url} as ${actor}: ${res.body}`).toBeLessThan(500);
  return res;
}

const siteOf = (m: Model, pick: number) => m.sites[pick % m.sites.length]!;

async function detail(id: number): Promise<WebsiteDetail | null> {
  const res = await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`);
  return res.statusCode === 200 ? (res.json() as WebsiteDetail) : null;
}

/** One step: what it does, as whom, and the rules checked after it. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract readonly actor: Actor;
  abstract readonly name: string;
  check(m: Readonly<Model>): boolean {
    return m.sites.length > 0;
  }
  protected abstract act(m: Model): Promise<void>;
  async run(m: Model, r: Real): Promise<void> {
    const before = await snapshot(m.sites);
    await this.act(m);
    r.tally.set(this.name, (r.tally.get(this.name) ?? 0) + 1);
    const licensed = await checkRules(m, before, this.actor, this.toString());
    if (licensed)
      r.tally.set('(steps with a licensed site)', (r.tally.get('(steps with a licensed site)') ?? 0) + 1);
  }
  abstract toString(): string;
}

class Create extends Step {
  readonly actor = 'vendor';
  readonly name = 'create';
  constructor(
    private agent: number,
    private product: number,
    private imported: boolean,
  ) {
    super();
  }
  override check() {
    return true;
  }
  protected async act(m: Model) {
    const domainName = freshDomain('model');
    const products = [...PRODUCTS[this.product]!];
    if (this.imported) {
      const names = ['IDX Website', 'VOW Website', 'IDX Team Website'];
      await call('vendor', 'POST', '/api/portal/websites/import', {
        rows: [
          {
            row: 2,
            domainName,
            memberNumber: agents[this.agent]!,
            product: names[this.product]!,
            dba: '',
            startDate: '',
          },
        ],
      });
      const [row] = await t.rows<{ id: number }>(
        sql`SELECT id FROM websites WHERE domain_name = ${domainName}`,
      );
      if (row) m.sites.push(row.id);
      return;
    }
    const res = await call('vendor', 'POST', '/api/portal/websites', {
      domainName,
      memberNumber: agents[this.agent]!,
      products,
    });
    if (res.statusCode === 201) m.sites.push(res.json().id as number);
  }
  toString() {
    return `${this.imported ? 'import' : 'create'}(agent ${this.agent}, product ${PRODUCTS[this.product]})`;
  }
}

class Save extends Step {
  readonly name = 'save';
  constructor(
    readonly actor: 'vendor' | 'admin' | 'viewer' | 'other',
    private pick: number,
    private status: number,
    private agent: number | null,
    private product: number | null,
    private termDays: number | null,
  ) {
    super();
  }
  protected async act(m: Model) {
    const site = await readSite(t, siteOf(m, this.pick)).catch(() => null);
    if (!site) return;
    await call(this.actor, 'PUT', '/api/portal/websites', {
      rowKey: site.rowKey,
      domainName: site.domainName,
      memberNumber: this.agent === null ? site.memberNumber : agents[this.agent]!,
      status: STATUSES[this.status]!,
      startDate: site.startDate,
      termDate: this.termDays === null ? site.termDate : dayFromToday(this.termDays),
      dba: site.dba,
      products: this.product === null ? site.products : [...PRODUCTS[this.product]!],
      version: site.version,
    });
  }
  toString() {
    return `save as ${this.actor}(site #${this.pick}, ${STATUSES[this.status]}, agent ${this.agent}, product ${this.product}, term ${this.termDays})`;
  }
}

class TeamEdit extends Step {
  readonly actor = 'vendor';
  readonly name = 'team';
  constructor(
    private pick: number,
    private agent: number,
    private add: boolean,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const res = await t.call(t.tokens.demo, 'GET', `/api/websites/${id}/team`);
    if (res.statusCode !== 200) return;
    const team = res.json() as Team;
    const member = agents[this.agent]!;
    const memberIds = this.add
      ? [...new Set([...team.memberIds, member])]
      : team.memberIds.filter((x) => x !== member || x === team.primary);
    await call('vendor', 'PUT', `/api/websites/${id}/team`, {
      siteId: id,
      primary: team.primary,
      memberIds,
      version: team.version,
    });
  }
  toString() {
    return `team ${this.add ? 'add' : 'remove'}(site #${this.pick}, agent ${this.agent})`;
  }
}

class Termination extends Step {
  readonly actor = 'vendor';
  readonly name = 'termination';
  constructor(
    private pick: number,
    private withdraw: boolean,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    if (this.withdraw) await call('vendor', 'POST', `/api/portal/websites/${id}/termination/withdraw`, {});
    else
      await call('vendor', 'POST', `/api/portal/websites/${id}/termination`, {
        termDate: dayFromToday(0),
        reason: 'Model',
      });
  }
  toString() {
    return `${this.withdraw ? 'withdraw termination' : 'request termination'}(site #${this.pick})`;
  }
}

const REQUESTS = ['domain', 'agent', 'product', 'team'] as const;

class RequestChange extends Step {
  readonly actor = 'vendor';
  readonly name = 'request';
  constructor(
    private pick: number,
    private kind: number,
    private agent: number,
    private product: number,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const kind = REQUESTS[this.kind]!;
    if (kind === 'domain')
      await call('vendor', 'POST', `/api/portal/websites/${id}/domain-change`, {
        domainName: freshDomain('moved'),
      });
    else if (kind === 'agent')
      await call('vendor', 'POST', `/api/portal/websites/${id}/agent-change`, {
        memberNumber: agents[this.agent]!,
      });
    else if (kind === 'product')
      await call('vendor', 'POST', `/api/portal/websites/${id}/product-change`, {
        products: [...PRODUCTS[this.product]!],
      });
    else {
      const res = await t.call(t.tokens.demo, 'GET', `/api/websites/${id}/team`);
      const members = res.statusCode === 200 ? (res.json() as Team).memberIds : [];
      await call('vendor', 'POST', `/api/portal/websites/${id}/team-change`, {
        memberIds: [...new Set([...members, agents[this.agent]!])],
      });
    }
  }
  toString() {
    return `request ${REQUESTS[this.kind]} change(site #${this.pick}, agent ${this.agent}, product ${this.product})`;
  }
}

const DECISIONS = ['approve', 'paper', 'decline', 'withdraw'] as const;

class Decide extends Step {
  readonly name = 'decide';
  get actor(): Actor {
    return DECISIONS[this.decision] === 'withdraw' ? 'vendor' : 'admin';
  }
  constructor(
    private pick: number,
    private decision: number,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const [request] = await t.rows<{ id: number; kind: string }>(
      sql`SELECT id, kind FROM website_requests WHERE website_id = ${id} AND status = 'pending'
        AND kind <> 'termination' ORDER BY id LIMIT 1`,
    );
    if (!request) return;
    const decision = DECISIONS[this.decision]!;
    if (decision === 'withdraw') {
      await call('vendor', 'POST', `/api/portal/websites/${id}/${request.kind}-change/withdraw`, {});
    } else if (decision === 'decline') {
      await call('admin', 'POST', `/api/admin/requests/${request.id}/decline`, { reason: 'Model' });
    } else {
      await call('admin', 'POST', `/api/admin/requests/${request.id}/approve`, {
        ...(decision === 'paper' ? { paperForm: 'Paper form held by the MLS.' } : {}),
      });
    }
  }
  toString() {
    return `${DECISIONS[this.decision]} request(site #${this.pick})`;
  }
}

const FORM_ACTIONS = ['send', 'send for request', 'sign', 'decline', 'void', 'paper'] as const;

class Form extends Step {
  readonly name = 'form';
  get actor(): Actor {
    const action = FORM_ACTIONS[this.action]!;
    return action === 'paper' ? 'admin' : action === 'sign' || action === 'decline' ? 'signer' : 'vendor';
  }
  constructor(
    private pick: number,
    private action: number,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const action = FORM_ACTIONS[this.action]!;
    if (action === 'send') await sendForm(t, id).catch(() => undefined);
    else if (action === 'send for request') {
      const [request] = await t.rows<{ id: number }>(
        sql`SELECT id FROM website_requests WHERE website_id = ${id} AND status = 'pending'
          AND kind IN ('agent', 'product', 'team') ORDER BY id LIMIT 1`,
      );
      if (request) await sendForm(t, id, request.id).catch(() => undefined);
    } else if (action === 'sign' || action === 'decline') {
      const signers = await t.rows<{ email: string; name: string }>(
        sql`SELECT s.email, s.name FROM signers s JOIN signature_requests r ON r.id = s.request_id
          WHERE r.website_id = ${id} AND r.status = 'pending' AND s.status <> 'signed' ORDER BY s.position`,
      );
      for (const s of action === 'sign' ? signers : signers.slice(0, 1)) {
        const link = await mailedSigningToken(t, s.email).catch(() => null);
        if (!link) continue;
        if (action === 'sign') await signWith(t, link, s.name).catch(() => undefined);
        else {
          const res = await t.inject({
            method: 'POST',
            url: `/api/sign/${link}/decline`,
            payload: { reason: 'Model' },
          });
          expect(res.statusCode).toBeLessThan(500);
        }
      }
    } else if (action === 'void') {
      const [doc] = await t.rows<{ id: number }>(
        sql`SELECT d.id FROM documents d JOIN signature_requests r ON r.document_id = d.id
          WHERE d.website_id = ${id} AND NOT d.voided AND r.status <> 'voided' ORDER BY d.id DESC LIMIT 1`,
      );
      if (doc) await call('vendor', 'PUT', `/api/document/${doc.id}/signatures/void`, { reason: 'Model' });
    } else {
      const res = await uploadPaperSaf(t, t.tokens.admin, vendorId, id);
      expect(res.statusCode).toBeLessThan(500);
    }
  }
  toString() {
    return `form ${FORM_ACTIONS[this.action]}(site #${this.pick})`;
  }
}

class StaffDecision extends Step {
  readonly actor = 'admin';
  readonly name = 'staff';
  constructor(
    private picks: number[],
    private terminate: boolean,
    private bulk: boolean,
  ) {
    super();
  }
  protected async act(m: Model) {
    const ids = [...new Set(this.picks.map((p) => siteOf(m, p)))];
    const versions = await t.rows<{ id: number; version: number }>(
      sql`SELECT id, version FROM websites WHERE id = ANY(${intArray(ids)})`,
    );
    const verb = this.terminate ? 'terminate' : 'activate';
    if (this.bulk)
      await call('admin', 'POST', `/api/admin/websites/${verb}`, {
        sites: versions.map((v) => ({ id: v.id, version: Number(v.version) })),
      });
    else
      for (const v of versions)
        await call('admin', 'POST', `/api/admin/websites/${v.id}/${verb}`, { version: Number(v.version) });
  }
  toString() {
    return `${this.bulk ? 'bulk ' : ''}${this.terminate ? 'terminate' : 'activate'}(sites ${this.picks.join(', ')})`;
  }
}

/** The whole way to a licence, as a vendor and MLS staff take it: the form signed, then activation. */
class Licence extends Step {
  readonly actor = 'admin';
  readonly name = 'licence';
  constructor(private pick: number) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const site = await detail(id);
    if (site?.status !== 'Pending Activation') return;
    if (site.saf.state !== 'signed') {
      const sent = await sendForm(t, id).catch(() => null);
      if (!sent) return;
      try {
        const links = [];
        for (const s of sent.signatories) links.push(await mailedSigningToken(t, s.email));
        for (const [i, s] of sent.signatories.entries()) await signWith(t, links[i]!, s.name);
      } catch {
        // A link already used by another site's form: this site stays unsigned.
        return;
      }
    }
    const now = await readSite(t, id);
    await call('admin', 'POST', `/api/admin/websites/${id}/activate`, { version: now.version });
  }
  toString() {
    return `form signed and activated(site #${this.pick})`;
  }
}

class Delete extends Step {
  readonly actor = 'vendor';
  readonly name = 'delete';
  constructor(private pick: number) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const res = await call('vendor', 'DELETE', `/api/portal/websites/${id}`);
    if (res.statusCode < 300) m.sites.splice(m.sites.indexOf(id), 1);
  }
  toString() {
    return `delete(site #${this.pick})`;
  }
}

class TermDates extends Step {
  readonly actor = 'job';
  readonly name = 'term dates';
  protected async act() {
    await t.app.ctx.jobs.runNow(TERM_DATES_JOB);
  }
  toString() {
    return 'term-date job';
  }
}

/** Another vendor's user and the read-only user: refused, and nothing changes. */
class Intruder extends Step {
  readonly name = 'intruder';
  constructor(
    readonly actor: 'viewer' | 'other',
    private pick: number,
  ) {
    super();
  }
  protected async act(m: Model) {
    const id = siteOf(m, this.pick);
    const res = await call(this.actor, 'POST', `/api/portal/websites/${id}/termination/withdraw`, {});
    expect(res.statusCode).toBe(this.actor === 'viewer' ? 403 : 404);
    const team = await call(this.actor, 'POST', `/api/portal/websites/${id}/product-change`, {
      products: [3],
    });
    expect(team.statusCode).toBe(this.actor === 'viewer' ? 403 : 404);
  }
  toString() {
    return `${this.actor} tries(site #${this.pick})`;
  }
}

const pick = fc.nat({ max: 7 });
const agent = fc.nat({ max: 4 });
const product = fc.nat({ max: 2 });

const steps = [
  fc.tuple(agent, product, fc.boolean()).map(([a, p, i]) => new Create(a, p, i)),
  fc
    .tuple(
      fc.constantFrom('vendor', 'admin', 'viewer', 'other' as const),
      pick,
      fc.nat({ max: 3 }),
      fc.option(agent),
      fc.option(product),
      fc.option(fc.integer({ min: -1, max: 40 })),
    )
    .map(([who, s, st, a, p, d]) => new Save(who as 'vendor', s, st, a, p, d)),
  fc.tuple(pick, agent, fc.boolean()).map(([s, a, add]) => new TeamEdit(s, a, add)),
  fc.tuple(pick, fc.boolean()).map(([s, w]) => new Termination(s, w)),
  fc.tuple(pick, fc.nat({ max: 3 }), agent, product).map(([s, k, a, p]) => new RequestChange(s, k, a, p)),
  fc.tuple(pick, fc.nat({ max: 3 })).map(([s, d]) => new Decide(s, d)),
  fc.tuple(pick, fc.nat({ max: 5 })).map(([s, a]) => new Form(s, a)),
  fc
    .tuple(fc.array(pick, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean())
    .map(([s, term, bulk]) => new StaffDecision(s, term, bulk)),
  pick.map((s) => new Licence(s)),
  pick.map((s) => new Delete(s)),
  fc.constant(new TermDates()),
  fc
    .tuple(fc.constantFrom('viewer', 'other' as const), pick)
    .map(([who, s]) => new Intruder(who as 'viewer', s)),
];

describe('the licence under random sequences of every action', () => {
  it(
    `holds its four rules over ${RUNS} sequences of up to ${MAX_COMMANDS} steps (seed ${SEED})`,
    async () => {
      const tally = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(fc.commands(steps, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
          // Every sequence starts from sites of its own: two new ones, one of them a team site.
          const model: Model = { sites: [] };
          const real: Real = { tally };
          await new Create(0, 0, false).run(model, real);
          await new Create(1, 2, false).run(model, real);
          // Without its sites a sequence would skip every step: that must not pass for a run.
          expect(model.sites, 'the sequence’s two sites were created').toHaveLength(2);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await checkLicensed('end of sequence', null);
        }),
        { numRuns: RUNS, seed: SEED, verbose: 1 },
      );
      const summary = [...tally].map(([k, n]) => `${k} ${n}`).join(', ');
      console.log(`licence model: ${RUNS} sequences, seed ${SEED}; steps: ${summary}`);
      // Each kind of action was taken: the sequences covered the whole surface.
      for (const kind of [
        'create',
        'save',
        'team',
        'termination',
        'request',
        'decide',
        'form',
        'staff',
        'licence',
        '(steps with a licensed site)',
      ])
        expect(tally.get(kind) ?? 0, kind).toBeGreaterThan(0);
    },
    Number(process.env.LICENCE_FUZZ_TIMEOUT_MS) || 300_000,
  );
});
