import {
  ImportMessages,
  TEAM_PRODUCT_ID,
  WebsiteMessages,
  WebsiteServerMessages,
  domainKey,
  readImportRow,
  type ImportResult,
  type ImportRowParsed,
  type ImportRowResult,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, rowsOf, textArray } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError, TooManyRequestsError } from '../../platform/errors.ts';
import { mapInSlices, slices } from '../../platform/slices.ts';
import { agentsByMemberNumbers, vendorAllowsReciprocal, type AgentRow } from '../agents/index.ts';
import { diffFields, recordChanges, type ChangeEntry } from '../history/index.ts';
import { noticeText, type NoticeBatch } from '../notifications/index.ts';
import type { CreateLimits } from './create-website.ts';
import { siteChanged } from './notices.ts';
import { holdSiteCeiling, vendorSiteTotal, type SiteFields } from './queries.ts';
import { TRACKED, agentProblem, today } from './rules.ts';

/**
 * Bulk import of websites: every row is judged with the rules of a single create (the modal's
 * messages), and the valid rows are created set-wise in one transaction, one statement per table,
 * each site with its History entry, the vendor told once.
 */

type Row = ImportRowParsed;

interface Judged {
  result: ImportRowResult;
  /** The site to create, when the row is valid. */
  site: SiteFields | null;
}

interface Product {
  id: number;
  name: string;
}

const nameKey = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The rules that need the database's products and roster; the domain's use is judged apart. A file
 * of thousands of rows is read and judged a slice at a time, so other requests are answered between.
 */
async function judgeRows(db: Db, vendorId: number, rows: readonly Row[]): Promise<Judged[]> {
  const now = new Date();
  const day = today();
  const read = await mapInSlices(rows, (row) => ({ row, read: readImportRow(row, now) }));
  const numbers = [...new Set(read.flatMap((r) => (r.read.ok ? [r.read.value.memberNumber] : [])))];
  const [agents, reciprocalAllowed, products] = await Promise.all([
    agentsByMemberNumbers(db, numbers),
    vendorAllowsReciprocal(db, vendorId),
    rowsOf<Product>(db, sql`SELECT id, name FROM products ORDER BY id`),
  ]);
  const agentOf = new Map<string, AgentRow>(agents.map((a) => [a.member_mls_id, a]));
  const byId = new Map(products.map((p) => [String(Number(p.id)), Number(p.id)]));
  const byName = new Map(products.map((p) => [nameKey(p.name), Number(p.id)]));
  const names = products.map((p) => p.name);
  const firstRowOf = new Map<string, number>();

  return mapInSlices(read, ({ row, read: r }): Judged => {
    const result: ImportRowResult = { row: row.row, ok: false, message: '', siteId: null };
    const refuse = (message: string): Judged => ({ result: { ...result, message }, site: null });
    if (!r.ok) return refuse(r.message);
    const v = r.value;
    const key = domainKey(v.domainName);
    const first = firstRowOf.get(key);
    if (first !== undefined) return refuse(ImportMessages.duplicateInFile(first));
    firstRowOf.set(key, row.row);
    const agent = agentOf.get(v.memberNumber) ?? null;
    const problem = agentProblem(agent, reciprocalAllowed);
    if (problem) return refuse(problem);
    const ids: number[] = [];
    for (const p of v.products) {
      const id = /^\d+$/.test(p) ? byId.get(String(Number(p))) : byName.get(nameKey(p));
      if (id === undefined) return refuse(ImportMessages.productUnknown(p, names));
      if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length > 10) return refuse(WebsiteMessages.productRequired);
    return {
      result: { ...result, ok: true },
      site: {
        domainName: v.domainName,
        status: 'Pending Activation',
        memberNumber: agent!.member_mls_id,
        reciprocal: agent!.reciprocal,
        startDate: v.startDate ?? day,
        termDate: null,
        dba: v.dba,
        products: ids,
      },
    };
  });
}

/** Which of the domains (by key) any vendor's site holds, or a pending domain change request names. */
async function domainsInUse(db: Db, keys: string[]): Promise<Map<string, 'site' | 'request'>> {
  const used = new Map<string, 'site' | 'request'>();
  // A query a slice of keys: the embedded database works on the main thread, so no one query is long.
  for (const some of slices(keys)) {
    const rows = await rowsOf<{ key: string; used: 'site' | 'request' }>(
      db,
      sql`SELECT regexp_replace(lower(domain_name), '^www\\.', '') AS key, 'site' AS used FROM websites
          WHERE regexp_replace(lower(domain_name), '^www\\.', '') = ANY(${textArray(some)})
        UNION ALL
        SELECT regexp_replace(lower(payload ->> 'domainName'), '^www\\.', ''), 'request' FROM website_requests
          WHERE kind = 'domain' AND status = 'pending'
            AND regexp_replace(lower(payload ->> 'domainName'), '^www\\.', '') = ANY(${textArray(some)})`,
    );
    for (const r of rows) if (used.get(r.key) !== 'site') used.set(r.key, r.used);
  }
  return used;
}

/** Marks the valid rows whose domain is taken: the messages a single create answers. */
async function judgeDomains(db: Db, judged: Judged[]): Promise<void> {
  const used = await domainsInUse(
    db,
    judged.flatMap((j) => (j.site ? [domainKey(j.site.domainName)] : [])),
  );
  for (const j of judged) {
    if (!j.site) continue;
    const use = used.get(domainKey(j.site.domainName));
    if (!use) continue;
    j.result.ok = false;
    j.result.message =
      use === 'site' ? WebsiteMessages.duplicateDomain : WebsiteServerMessages.domainReserved;
    j.site = null;
  }
}

function summary(judged: readonly Judged[], created: number): ImportResult {
  const rows = judged.map((j) => j.result);
  const valid = rows.filter((r) => r.ok).length;
  return { rows, valid, invalid: rows.length - valid, created };
}

/** The dry run: every row judged as the import would judge it; nothing is written. */
export async function checkImport(db: Db, vendorId: number, rows: readonly Row[]): Promise<ImportResult> {
  const judged = await judgeRows(db, vendorId, rows);
  await judgeDomains(db, judged);
  return summary(judged, 0);
}

/** An import refused as a whole, with its row table. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly rows: ImportRowResult[],
  ) {
    super(message);
  }
}

/**
 * Creates the valid rows in one transaction; with `onlyIfAllValid` a single bad row creates
 * nothing (ImportRefused, with the table). The vendor's site ceiling holds for the import as a
 * whole, and each website it creates counts against the vendor's creations of the minute.
 */
export async function commitImport(
  db: Db,
  vendorId: number,
  actor: Actor,
  rows: readonly Row[],
  onlyIfAllValid: boolean,
  limits: CreateLimits,
  notices: NoticeBatch,
): Promise<ImportResult> {
  const judged = await judgeRows(db, vendorId, rows);
  try {
    return await inTransaction(db, vendorId, actor, judged, onlyIfAllValid, limits, notices);
  } catch (err) {
    // A domain taken between the locks of another writer: the unique index decides, as on one create.
    if (isUniqueViolation(err)) throw new ConflictError(WebsiteMessages.duplicateDomain);
    throw err;
  }
}

function inTransaction(
  db: Db,
  vendorId: number,
  actor: Actor,
  judged: Judged[],
  onlyIfAllValid: boolean,
  limits: CreateLimits,
  notices: NoticeBatch,
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    // As a single create: each domain held until the end, so the checks below and the writes are
    // not raced by another create or request; the ceiling is held on the vendor's total.
    const keys = [...new Set(judged.flatMap((j) => (j.site ? [domainKey(j.site.domainName)] : [])))].sort();
    if (keys.length > 0)
      await tx.execute(
        sql`SELECT count(pg_advisory_xact_lock(hashtext('domain:' || k))) FROM unnest(${textArray(keys)}) AS k`,
      );
    await judgeDomains(tx, judged);
    const valid = judged.filter((j) => j.site !== null);
    const invalid = judged.length - valid.length;
    if (onlyIfAllValid && invalid > 0)
      throw new ImportRefused(ImportMessages.notAllValid(invalid), summary(judged, 0).rows);
    if (valid.length === 0) throw new ImportRefused(ImportMessages.nothingValid, summary(judged, 0).rows);
    if ((await vendorSiteTotal(tx, vendorId)) + valid.length > limits.siteLimit)
      throw new ConflictError(WebsiteServerMessages.siteLimit(limits.siteLimit));
    // Each website created counts against the vendor's minute, as if made one by one.
    const charge = await limits.takeCreations(vendorId, valid.length);
    if (!charge.taken) throw new TooManyRequestsError(ImportMessages.createRate(valid.length, charge.left));

    const made = await rowsOf<{ id: number; domain_name: string }>(
      tx,
      sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products)
        SELECT ${vendorId}, r.domain_name, 'Pending Activation', r.member_number, r.reciprocal, r.start_date, NULL, r.dba,
          ARRAY(SELECT jsonb_array_elements_text(r.products)::int)
        FROM jsonb_to_recordset(${JSON.stringify(
          valid.map(({ site }) => ({
            domain_name: site!.domainName,
            member_number: site!.memberNumber,
            reciprocal: site!.reciprocal,
            start_date: site!.startDate,
            dba: site!.dba,
            products: site!.products,
          })),
        )}::jsonb) AS r(domain_name text, member_number text, reciprocal boolean, start_date date, dba text, products jsonb)
        RETURNING id, domain_name`,
    );
    await holdSiteCeiling(tx, vendorId, limits.siteLimit);
    const idOf = new Map(made.map((m) => [m.domain_name, Number(m.id)]));
    for (const j of valid) j.result.siteId = idOf.get(j.site!.domainName) ?? null;

    const entries: ChangeEntry[] = valid.map(({ site, result }) => ({
      websiteId: result.siteId!,
      vendorId,
      kind: 'website.created',
      description: 'Website created by import',
      actor,
      // As a single create: the fields the site was created with, not the empty ones.
      changes: diffFields(null, site!, TRACKED).filter((c) => c.to !== '' && c.to !== false),
    }));
    // The team product brings the site's team, led by its agent, as on a single create.
    const teams = valid.filter((j) => j.site!.products.includes(TEAM_PRODUCT_ID));
    if (teams.length > 0) {
      const pairs = JSON.stringify(teams.map((j) => ({ id: j.result.siteId, m: j.site!.memberNumber })));
      await tx.execute(sql`INSERT INTO website_teams (website_id, primary_member_number)
        SELECT (e ->> 'id')::int, e ->> 'm' FROM jsonb_array_elements(${pairs}::jsonb) e ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO website_team_members (website_id, member_number)
        SELECT (e ->> 'id')::int, e ->> 'm' FROM jsonb_array_elements(${pairs}::jsonb) e ON CONFLICT DO NOTHING`);
      for (const j of teams)
        entries.push({
          websiteId: j.result.siteId!,
          vendorId,
          kind: 'team.created',
          description: 'Team created',
          actor,
          changes: [{ path: ['team', 'memberIds'], from: [], to: [j.site!.memberNumber] }],
        });
    }
    await recordChanges(tx, entries);

    // The vendor is told once: of the site when one was made, of the import when several were.
    if (valid.length === 1) {
      const only = valid[0]!;
      await siteChanged(
        notices,
        tx,
        vendorId,
        { id: only.result.siteId!, domainName: only.site!.domainName },
        actor,
        'created',
      );
    } else {
      await notices.add(tx, {
        vendorId,
        websiteId: null,
        websiteIds: valid.map((j) => j.result.siteId!),
        topic: 'websites.create',
        content: noticeText.websites(
          'imported',
          valid.map((j) => j.site!.domainName),
          actor,
        ),
        actor,
      });
    }
    return summary(judged, valid.length);
  });
}
