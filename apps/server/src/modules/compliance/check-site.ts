import { createHash, randomUUID } from 'node:crypto';
import {
  overallDecision,
  type ComplianceDecision,
  type ComplianceRule,
  type ComplianceRuleResult,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { CompliancePage } from '../../db/schema/compliance.ts';
import { intArray, rowsOf, textArray } from '../../db/sql.ts';
import { OutboundError, type Outbound, type OutboundResponse } from '../../platform/outbound.ts';
import { withNotices } from '../notifications/index.ts';
import { settleFindings } from './findings.ts';
import { evaluateRules, type HomeRead, type ListingRead } from './evaluate.ts';
import { readPage, sitemapLocations } from './read-page.ts';
import { RENDER_LIMITS, RenderError, renderPage, type RenderedPage } from './render.ts';

/**
 * One check of one licensed website: its home page read over HTTPS (redirects followed only within
 * the registered domain and its www. form), a sample of its listing pages when a rule needs them,
 * every rule of its products judged, the check recorded with what it read, and its findings opened
 * or resolved in the same transaction, the vendor told of each.
 *
 * With COMPLIANCE_RENDER=chromium each page read is also drawn by headless Chromium (render.ts), its
 * scripts run, and the rules judge the page as drawn; the home page's screenshot is kept with the
 * check (in the file storage; the site's older checks give theirs up, but for those that opened a
 * finding).
 */

export type CheckTrigger = 'schedule' | 'vendor' | 'staff';

export interface RuleSetRow {
  id: number;
  productId: number;
  version: number;
  rules: ComplianceRule[];
  graceDays: number;
}

/** The newest version of each product's rule set. */
export async function currentRuleSets(db: Db, productIds: readonly number[]): Promise<RuleSetRow[]> {
  if (productIds.length === 0) return [];
  const rows = await rowsOf<{
    id: number;
    product_id: number;
    version: number;
    rules: ComplianceRule[];
    grace_days: number;
  }>(
    db,
    sql`SELECT DISTINCT ON (product_id) id, product_id, version, rules, grace_days FROM compliance_rule_sets
      WHERE product_id = ANY(${intArray(productIds)}) ORDER BY product_id, version DESC`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    productId: Number(r.product_id),
    version: Number(r.version),
    rules: typeof r.rules === 'string' ? (JSON.parse(r.rules) as ComplianceRule[]) : r.rules,
    graceDays: Number(r.grace_days),
  }));
}

/** The registered domain, or its www. form (either way round). */
export function withinDomain(domain: string, url: URL): boolean {
  const bare = domain.toLowerCase().replace(/^www\./, '');
  const host = url.hostname.toLowerCase();
  return host === bare || host === `www.${bare}`;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** What a check read of a page, and with rendering whether it was drawn and its screenshot's key. */
export type CheckedPage = CompliancePage & { rendered?: boolean; refused?: number; screenshot?: string };

/** Draws a page of the site; null when rendering is off. */
type Draw = ((url: string, document: OutboundResponse, screenshot: boolean) => Promise<RenderedPage>) | null;

/** A page answered but not drawn: the rules cannot be judged on it (a vendor reads this reason). */
function drawFailure(err: RenderError): string {
  return err.reason === 'start'
    ? 'The site answered, but its page could not be drawn: the browser the checks use did not start. The rules were not judged.'
    : `The site answered, but its page could not be drawn (it did not load within ${RENDER_LIMITS.pageMs / 1000} s, or the browser failed). The rules were not judged.`;
}

/** Read failures a vendor can fix (the site's), apart from those that may be a passing fault. */
function failureOf(err: OutboundError, domain: string): { kind: 'fail' | 'unknown'; reason: string } {
  switch (err.reason) {
    case 'redirect':
      return { kind: 'fail', reason: `The site redirects outside ${domain}: ${err.message}` };
    case 'address':
    case 'scheme':
      return { kind: 'fail', reason: `${domain} does not lead to a public address: ${err.message}` };
    case 'timeout':
      return { kind: 'unknown', reason: 'The site gave no whole answer within 10 s.' };
    case 'too-large':
      return { kind: 'unknown', reason: 'The page is larger than the 2 MB a check reads.' };
    case 'unreachable':
      return /certificate|self[- ]signed|CERT_|unable to verify|altnames/i.test(err.message)
        ? { kind: 'fail', reason: `The site's HTTPS certificate is not valid for ${domain}.` }
        : { kind: 'unknown', reason: `The site could not be reached (${err.message.replace(/\.$/, '')}).` };
  }
}

interface HomeReading {
  home: HomeRead;
  page: CheckedPage;
  /** The home page's screenshot, drawn. */
  screenshot: Buffer | null;
  /** Why the page answered but could not be drawn. */
  undrawn: string | null;
}

async function readHome(out: Outbound, domain: string, draw: Draw): Promise<HomeReading> {
  const url = `https://${domain}/`;
  try {
    const res = await out.send(url, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      followRedirect: (next) => next.protocol === 'https:' && withinDomain(domain, next),
    });
    const page: CheckedPage = {
      url: res.url,
      status: res.status,
      ms: res.ms,
      sha256: sha256(res.body),
      error: null,
    };
    if (res.status !== 200)
      return {
        home: {
          ok: false,
          url: res.url,
          failure: { kind: 'fail', reason: `The site answered ${res.status}, not 200.`, status: res.status },
        },
        page,
        screenshot: null,
        undrawn: null,
      };
    const home = (html: string): HomeRead => ({
      ok: true,
      url: res.url,
      status: res.status,
      ms: res.ms,
      reading: readPage(html),
    });
    if (!draw) return { home: home(res.body.toString('utf8')), page, screenshot: null, undrawn: null };
    try {
      const drawn = await draw(res.url, res, true);
      return {
        home: home(drawn.html),
        page: { ...page, rendered: true, refused: drawn.refused.length },
        screenshot: drawn.screenshot,
        undrawn: null,
      };
    } catch (err) {
      if (!(err instanceof RenderError)) throw err;
      const undrawn = drawFailure(err);
      return {
        home: home(res.body.toString('utf8')),
        page: { ...page, rendered: false, error: undrawn },
        screenshot: null,
        undrawn,
      };
    }
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    const failure = failureOf(err, domain);
    return {
      home: { ok: false, url, failure },
      page: { url, status: null, ms: null, sha256: null, error: failure.reason },
      screenshot: null,
      undrawn: null,
    };
  }
}

/** Addresses that look like a listing's page, first among a sitemap's. */
const LISTING_PATH = /(listing|property|properties|homes-for-sale|idx|mls)/i;

/** The listing pages to sample: the rule's paths, else the site's sitemap.xml; a different few each day. */
async function readListings(
  out: Outbound,
  domain: string,
  rule: Extract<ComplianceRule, { kind: 'attribution' }>,
  now: Date,
  draw: Draw,
): Promise<{ listings: ListingRead[] | null; pages: CheckedPage[] }> {
  const pages: CheckedPage[] = [];
  let candidates = rule.paths.map((p) => `https://${domain}${p}`);
  if (candidates.length === 0) {
    const sitemap = `https://${domain}/sitemap.xml`;
    try {
      const res = await out.send(sitemap, {
        followRedirect: (next) => next.protocol === 'https:' && withinDomain(domain, next),
      });
      pages.push({ url: res.url, status: res.status, ms: res.ms, sha256: sha256(res.body), error: null });
      if (res.status === 200) {
        const urls = sitemapLocations(res.body.toString('utf8')).filter((u) => {
          try {
            const parsed = new URL(u);
            return parsed.protocol === 'https:' && withinDomain(domain, parsed);
          } catch {
            return false;
          }
        });
        const listings = urls.filter((u) => LISTING_PATH.test(new URL(u).pathname));
        candidates = listings.length > 0 ? listings : urls.filter((u) => new URL(u).pathname !== '/');
      }
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      pages.push({ url: sitemap, status: null, ms: null, sha256: null, error: err.message });
    }
  }
  if (candidates.length === 0) return { listings: null, pages };
  const day = Math.floor(now.getTime() / 86_400_000);
  const picked = Array.from(
    { length: Math.min(rule.sample, candidates.length) },
    (_, i) => candidates[(day + i) % candidates.length]!,
  );
  const listings: ListingRead[] = [];
  for (const url of picked) {
    try {
      const res = await out.send(url, {
        followRedirect: (next) => next.protocol === 'https:' && withinDomain(domain, next),
      });
      const page: CheckedPage = {
        url: res.url,
        status: res.status,
        ms: res.ms,
        sha256: sha256(res.body),
        error: null,
      };
      if (res.status !== 200) {
        pages.push(page);
        listings.push({ url: res.url, reading: null, error: `Answered ${res.status}.` });
      } else if (!draw) {
        pages.push(page);
        listings.push({ url: res.url, reading: readPage(res.body.toString('utf8')) });
      } else {
        try {
          const drawn = await draw(res.url, res, false);
          pages.push({ ...page, rendered: true, refused: drawn.refused.length });
          listings.push({ url: res.url, reading: readPage(drawn.html) });
        } catch (err) {
          if (!(err instanceof RenderError)) throw err;
          pages.push({ ...page, rendered: false, error: err.message });
          listings.push({ url: res.url, reading: null, error: err.message });
        }
      }
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      pages.push({ url, status: null, ms: null, sha256: null, error: err.message });
      listings.push({ url, reading: null, error: err.message });
    }
  }
  return { listings, pages };
}

export interface SiteRow {
  id: number;
  vendor_id: number;
  domain_name: string;
  status: string;
  products: number[];
  agent_name: string | null;
  office_name: string | null;
}

/** Sites a check may read: those licensed to receive data now. */
export const CHECKED_STATUSES = ['Active', 'Pending Termination'] as const;

export type RuleResult = ComplianceRuleResult & { productId: number };

export interface CheckOutcome {
  checkId: number;
  decision: ComplianceDecision;
  results: RuleResult[];
  opened: number;
  resolved: number;
}

/**
 * Checks one site now. Null when it is not licensed at the moment or none of its products has
 * rules. The reading happens outside any transaction; the record and the findings in one.
 */
export async function checkSite(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbound' | 'live' | 'log' | 'storage'>,
  siteId: number,
  trigger: CheckTrigger,
  now: Date = new Date(),
): Promise<CheckOutcome | null> {
  const [site] = await rowsOf<SiteRow>(
    ctx.db,
    sql`SELECT w.id, w.vendor_id, w.domain_name, w.status, w.products,
        NULLIF(btrim(coalesce(m.member_first_name, '') || ' ' || coalesce(m.member_last_name, '')), '') AS agent_name,
        o.office_name
      FROM websites w LEFT JOIN members m ON m.member_mls_id = w.member_number
      LEFT JOIN offices o ON o.office_key = m.office_key
      WHERE w.id = ${siteId}`,
  );
  if (!site || !(CHECKED_STATUSES as readonly string[]).includes(site.status)) return null;
  const sets = await currentRuleSets(ctx.db, site.products.map(Number));
  if (sets.length === 0) return null;
  const started = new Date();
  const domain = site.domain_name.toLowerCase();
  const draw: Draw =
    ctx.config.complianceRender === 'chromium'
      ? (url, document, screenshot) =>
          renderPage(ctx, { url, document, screenshot, allowed: (next) => withinDomain(domain, next) })
      : null;
  const { home, page, screenshot, undrawn } = await readHome(ctx.outbound, domain, draw);
  const attribution = sets.flatMap((s) => s.rules).find((r) => r.kind === 'attribution');
  const listingRead =
    attribution && home.ok && !undrawn
      ? await readListings(ctx.outbound, domain, attribution, now, draw)
      : { listings: null, pages: [] };
  const input = {
    home,
    listings: listingRead.listings,
    site: { domain, agentName: site.agent_name, officeName: site.office_name },
    now,
  };
  const results: RuleResult[] = sets.flatMap((set) =>
    evaluateRules(set.rules, input).map((r) =>
      // A page that answered but could not be drawn: whether it answers is known, nothing else.
      undrawn && r.kind !== 'answers'
        ? {
            ...r,
            decision: 'unknown' as const,
            reason: undrawn,
            evidence: home.url,
            productId: set.productId,
          }
        : { ...r, productId: set.productId },
    ),
  );
  const decision = overallDecision(results);
  const finished = new Date();
  // A check with a screenshot has its id before it is recorded: the screenshot's key names it.
  const reserved = screenshot ? await reserveCheckId(ctx.db) : null;
  const shot =
    screenshot && reserved !== null ? await keepScreenshot(ctx, site.vendor_id, reserved, screenshot) : null;
  const pages: CheckedPage[] = [shot ? { ...page, screenshot: shot } : page, ...listingRead.pages];
  let outcome: CheckOutcome & { released: string[] };
  try {
    outcome = await withNotices(ctx, async (tx, notices) => {
      const [check] = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO compliance_checks (id, website_id, vendor_id, trigger, started_at, finished_at, decision, rule_set_ids, pages, results)
          VALUES (${reserved ?? sql`nextval(pg_get_serial_sequence('compliance_checks', 'id'))`},
            ${site.id}, ${site.vendor_id}, ${trigger}, ${started.toISOString()}, ${finished.toISOString()}, ${decision},
            ${intArray(sets.map((s) => s.id))}, ${JSON.stringify(pages)}::jsonb, ${JSON.stringify(results)}::jsonb)
          RETURNING id`,
      );
      const checkId = Number(check!.id);
      const counts = await settleFindings(tx, notices, {
        site,
        sets,
        results,
        checkId,
        // A page not drawn is not the site's failure: it opens no finding.
        siteRead: home.ok && !undrawn,
        today: now.toISOString().slice(0, 10),
      });
      const released = shot ? await releaseOlderScreenshots(tx, site.id, checkId) : [];
      return { checkId, decision, results, ...counts, released };
    });
  } catch (err) {
    if (shot) await dropScreenshots(ctx, [shot]);
    throw err;
  }
  const { released, ...checked } = outcome;
  await dropScreenshots(ctx, released);
  return checked;
}

async function reserveCheckId(db: Db): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('compliance_checks', 'id'))::int AS id`,
  );
  return Number(row!.id);
}

/**
 * A screenshot's storage key: the vendor's, random like every other, but for its first eight hex
 * digits, the id of its check; so which keys a check holds is read by id (screenshotKeysInUse).
 */
function screenshotKey(vendorId: number, checkId: number): string {
  return `v${vendorId}/${checkId.toString(16).padStart(8, '0')}${randomUUID().slice(8)}`;
}

/** The check id a screenshot's key names (any other key gives a number no check may have). */
const checkIdOfKey = (key: string) =>
  Number.parseInt(key.slice(key.indexOf('/') + 1, key.indexOf('/') + 9), 16);

/** Stores a screenshot; its key, or null when the storage refused it (the check goes on without). */
async function keepScreenshot(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  vendorId: number,
  checkId: number,
  png: Buffer,
): Promise<string | null> {
  const key = screenshotKey(vendorId, checkId);
  try {
    await ctx.storage.putBuffer(key, png, 'image/png');
    return key;
  } catch (err) {
    ctx.log.warn({ err }, 'compliance screenshot not stored');
    return null;
  }
}

/** Removes stored screenshots no check names any more; one that remains is left to the orphan sweep. */
export async function dropScreenshots(ctx: Pick<AppContext, 'storage' | 'log'>, keys: readonly string[]) {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err: unknown) => {
      ctx.log.warn({ err, key }, 'compliance screenshot not removed');
    });
  }
}

/** The screenshot keys a list of pages holds. */
export function screenshotsOf(pages: unknown): string[] {
  const list: unknown = typeof pages === 'string' ? JSON.parse(pages) : pages;
  if (!Array.isArray(list)) return [];
  return list
    .map((p: unknown) => (p && typeof p === 'object' ? (p as { screenshot?: unknown }).screenshot : null))
    .filter((k): k is string => typeof k === 'string');
}

/**
 * The site's earlier checks give up their screenshots (but for those that opened a finding, kept
 * as its evidence): the keys given up, for removal once the transaction is committed.
 */
async function releaseOlderScreenshots(tx: Db, siteId: number, checkId: number): Promise<string[]> {
  const rows = await rowsOf<{ pages: unknown }>(
    tx,
    sql`WITH older AS (
        SELECT c.id, c.pages FROM compliance_checks c
        WHERE c.website_id = ${siteId} AND c.id < ${checkId}
          AND jsonb_path_exists(c.pages, '$[*].screenshot')
          AND NOT EXISTS (SELECT 1 FROM compliance_findings f WHERE f.opened_check_id = c.id)
        FOR UPDATE OF c
      ), stripped AS (
        UPDATE compliance_checks c
        SET pages = (SELECT jsonb_agg(p - 'screenshot' ORDER BY n) FROM jsonb_array_elements(c.pages) WITH ORDINALITY AS e(p, n))
        FROM older WHERE c.id = older.id
        RETURNING c.id
      )
      SELECT older.pages FROM older JOIN stripped ON stripped.id = older.id`,
  );
  return rows.flatMap((r) => screenshotsOf(r.pages));
}

/**
 * Which of `keys` a check holds as its screenshot: the orphan sweep keeps those objects. Each key
 * names its check, so only those checks are read.
 */
export async function screenshotKeysInUse(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(keys.map(checkIdOfKey))].filter((id) => id >= 1 && id <= 2_147_483_647);
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`SELECT p->>'screenshot' AS key
      FROM compliance_checks c CROSS JOIN LATERAL jsonb_array_elements(c.pages) p
      WHERE c.id = ANY(${intArray(ids)}) AND p->>'screenshot' = ANY(${textArray(keys)})`,
  );
  return new Set(rows.map((r) => r.key));
}
