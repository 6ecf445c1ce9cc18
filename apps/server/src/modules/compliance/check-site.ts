import { createHash } from 'node:crypto';
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
import { intArray, rowsOf } from '../../db/sql.ts';
import { OutboundError, type Outbound } from '../../platform/outbound.ts';
import { withNotices } from '../notifications/index.ts';
import { settleFindings } from './findings.ts';
import { evaluateRules, type HomeRead, type ListingRead } from './evaluate.ts';
import { readPage, sitemapLocations } from './read-page.ts';

/**
 * One check of one licensed website: its home page read over HTTPS (redirects followed only within
 * the registered domain and its www. form), a sample of its listing pages when a rule needs them,
 * every rule of its products judged, the check recorded with what it read, and its findings opened
 * or resolved in the same transaction, the vendor told of each.
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

async function readHome(out: Outbound, domain: string): Promise<{ home: HomeRead; page: CompliancePage }> {
  const url = `https://${domain}/`;
  try {
    const res = await out.send(url, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      followRedirect: (next) => next.protocol === 'https:' && withinDomain(domain, next),
    });
    const page: CompliancePage = {
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
      };
    return {
      home: {
        ok: true,
        url: res.url,
        status: res.status,
        ms: res.ms,
        reading: readPage(res.body.toString('utf8')),
      },
      page,
    };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    const failure = failureOf(err, domain);
    return {
      home: { ok: false, url, failure },
      page: { url, status: null, ms: null, sha256: null, error: failure.reason },
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
): Promise<{ listings: ListingRead[] | null; pages: CompliancePage[] }> {
  const pages: CompliancePage[] = [];
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
      pages.push({ url: res.url, status: res.status, ms: res.ms, sha256: sha256(res.body), error: null });
      listings.push(
        res.status === 200
          ? { url: res.url, reading: readPage(res.body.toString('utf8')) }
          : { url: res.url, reading: null, error: `Answered ${res.status}.` },
      );
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
  ctx: Pick<AppContext, 'db' | 'outbound' | 'live' | 'log'>,
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
  const { home, page } = await readHome(ctx.outbound, domain);
  const attribution = sets.flatMap((s) => s.rules).find((r) => r.kind === 'attribution');
  const listingRead =
    attribution && home.ok
      ? await readListings(ctx.outbound, domain, attribution, now)
      : { listings: null, pages: [] };
  const input = {
    home,
    listings: listingRead.listings,
    site: { domain, agentName: site.agent_name, officeName: site.office_name },
    now,
  };
  const results: RuleResult[] = sets.flatMap((set) =>
    evaluateRules(set.rules, input).map((r) => ({ ...r, productId: set.productId })),
  );
  const decision = overallDecision(results);
  const finished = new Date();
  return withNotices(ctx, async (tx, notices) => {
    const [check] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO compliance_checks (website_id, vendor_id, trigger, started_at, finished_at, decision, rule_set_ids, pages, results)
        VALUES (${site.id}, ${site.vendor_id}, ${trigger}, ${started.toISOString()}, ${finished.toISOString()}, ${decision},
          ${intArray(sets.map((s) => s.id))}, ${JSON.stringify([page, ...listingRead.pages])}::jsonb, ${JSON.stringify(results)}::jsonb)
        RETURNING id`,
    );
    const checkId = Number(check!.id);
    const counts = await settleFindings(tx, notices, {
      site,
      sets,
      results,
      checkId,
      siteRead: home.ok,
      today: now.toISOString().slice(0, 10),
    });
    return { checkId, decision, results, ...counts };
  });
}
