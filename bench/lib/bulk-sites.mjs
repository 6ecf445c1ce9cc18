// Bulk loads of websites straight into the database, for the benches that measure a vendor far
// larger than the API could fill in a bench run (1,000,000 sites). The rows are shaped as the API
// writes them (every status, start and term dates, products, DBAs) and tied to the roster's active
// own-roster agents; the database's own triggers fill the sort and search keys and the counters.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const STEMS = ['harbor', 'summit', 'lakeview', 'cedar', 'pine', 'bay', 'oak', 'river'];

/**
 * Sites `from`..`to` (inclusive) of the vendor with `code`, named bulk<i>-<stem>homes.com; each
 * licensed one with its licence (recorded), in the same transaction, as the database requires.
 */
export const bulkSitesSql = (code, from, to) => `BEGIN;
${insertSitesSql(code, from, to)};
INSERT INTO licences (website_id, vendor_id, terms, terms_hash, saf_parties, form_kind, granted_by)
SELECT w.id, w.vendor_id, website_terms(w.id), website_terms_hash(w.id), COALESCE(website_saf_parties(w.id), ''),
  'none', 'recorded'
FROM websites w JOIN vendors v ON v.id = w.vendor_id AND v.code = '${code}'
WHERE w.status IN ('Active', 'Pending Termination')
  AND w.domain_name ~ '^bulk[0-9]+-'
  AND substring(w.domain_name FROM '^bulk([0-9]+)-')::int BETWEEN ${from} AND ${to};
COMMIT;`;

const insertSitesSql = (code, from, to) => `
INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products)
SELECT v.id,
  'bulk' || i || '-' || (ARRAY[${STEMS.map((s) => `'${s}'`).join(',')}])[1 + i % ${STEMS.length}] || 'homes.com',
  (ARRAY['Active','Active','Active','Active','Pending Activation','Pending Termination','Inactive','Inactive'])[1 + (i * 37) % 8],
  a.member_mls_id,
  false,
  DATE '2020-01-01' + (i * 11) % 2500,
  CASE WHEN (i * 37) % 8 IN (5, 6, 7) THEN DATE '2026-01-01' + (i * 3) % 700 END,
  CASE WHEN i % 3 = 0 THEN 'Team ' || i ELSE '' END,
  ARRAY[1 + i % 3]
FROM generate_series(${from}, ${to}) AS i
CROSS JOIN vendors v
CROSS JOIN (SELECT count(*) AS n FROM bench_agents) r
JOIN bench_agents a ON a.rn = 1 + (i::bigint * 7919) % r.n
WHERE v.code = '${code}'`;

/** How many sites the vendor with `code` holds, on a query function of either driver. */
async function sitesOf(query, code) {
  const rows = await query(
    `SELECT count(*)::int AS n FROM websites w JOIN vendors v ON v.id = w.vendor_id WHERE v.code = '${code}'`,
  );
  return Number(rows[0].n);
}

/**
 * Fills the vendor up to `target` sites, numbering the new ones from `start`, in chunks of one
 * statement each, then vacuums and analyses as autovacuum would have by then. Answers the seconds
 * it took and the next free number.
 */
async function fill(query, exec, code, target, start, log) {
  const t0 = Date.now();
  const missing = Math.max(0, target - (await sitesOf(query, code)));
  const chunk = 50_000;
  // The roster's active own-roster agents, numbered, for the load to spread its sites over.
  await exec(`CREATE TEMP TABLE IF NOT EXISTS bench_agents AS
    SELECT member_mls_id, row_number() OVER (ORDER BY member_mls_id) AS rn
    FROM members WHERE NOT reciprocal AND member_status = 'Active'`);
  await exec('CREATE INDEX IF NOT EXISTS bench_agents_rn ON bench_agents (rn)');
  await exec('ANALYZE bench_agents');
  for (let k = 0; k < missing; k += chunk) {
    const n = Math.min(chunk, missing - k);
    await exec(bulkSitesSql(code, start + k, start + k + n - 1));
    log(`  bulk-loaded ${k + n} of ${missing} sites, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  for (const table of ['websites', 'vendor_site_totals', 'website_counts'])
    await exec(`VACUUM ANALYZE ${table}`);
  return { seconds: (Date.now() - t0) / 1000, next: start + missing };
}

/**
 * Runs `load` with the table's plain indexes (not those of its constraints) dropped, then builds
 * them again from their own definitions: one sorted build per index is far quicker than a million
 * inserts into each. On PostgreSQL only; answers what `load` answers.
 */
export async function withoutIndexes(url, table, load) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
      [table],
    );
    for (const r of rows) await client.query(`DROP INDEX "${r.name}"`);
    let result;
    try {
      result = await load();
    } finally {
      await client.query(`SET maintenance_work_mem = '512MB'`);
      for (const r of rows) await client.query(r.def);
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    return result;
  } finally {
    await client.end();
  }
}

export async function bulkSitesPostgres(url, code, target, start, log = () => undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fill(
      async (q) => (await client.query(q)).rows,
      (q) => client.query(q),
      code,
      target,
      start,
      log,
    );
  } finally {
    await client.end();
  }
}

/** The embedded database in `dataDir`: no server may hold it meanwhile. */
export async function bulkSitesEmbedded(dataDir, code, target, start, log = () => undefined) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    return await fill(
      async (q) => (await db.query(q)).rows,
      (q) => db.exec(q),
      code,
      target,
      start,
      log,
    );
  } finally {
    await db.close();
  }
}
