// The compliance bench's world: licensed websites bulk-loaded into a seeded database, and local HTTPS
// servers standing in for them. The sites are named site<i>.compliance-bench.test; one certificate,
// signed by a certificate authority made here, covers them all (a wildcard) and the demo's own
// licensed domains (by name). The server under test is pointed at the sites with OUTBOUND_RESOLVE
// and told to trust the authority with OUTBOUND_CA (see `env`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import forge from 'node-forge';
import pg from 'pg';

export const BENCH_ZONE = 'compliance-bench.test';

/** The demo rule set's disclaimer (apps/server/src/db/seed/compliance.ts), which the pages show. */
export const DEMO_DISCLAIMER =
  'The data relating to real estate for sale on this website comes in part from the Internet Data Exchange program of the MLS. Information deemed reliable but not guaranteed. Data last updated {date}.';

/** The statuses a check reads (CHECKED_STATUSES in the compliance module). */
const CHECKED = `('Active', 'Pending Termination')`;

/** Licensed sites whose products have rules and that have gone a day without a check: those due. */
export const DUE_SITES_SQL = `
SELECT w.domain_name AS domain,
  NULLIF(btrim(coalesce(m.member_first_name, '') || ' ' || coalesce(m.member_last_name, '')), '') AS agent,
  o.office_name AS office
FROM websites w
LEFT JOIN members m ON m.member_mls_id = w.member_number
LEFT JOIN offices o ON o.office_key = m.office_key
WHERE w.status IN ${CHECKED}
  AND EXISTS (SELECT 1 FROM compliance_rule_sets s WHERE s.product_id = ANY(w.products))
  AND NOT EXISTS (SELECT 1 FROM compliance_checks c WHERE c.website_id = w.id AND c.started_at >= now() - interval '1 day')
ORDER BY w.domain_name`;

/**
 * `n` Active websites of the vendor with `code`, each for one of the roster's active own agents and
 * one product, with the licence an Active site holds (recorded, as for sites licensed before the
 * portal), in one transaction as the database requires.
 */
export const licensedSitesSql = (code, n) => `BEGIN;
WITH roster AS (
  SELECT array_agg(member_mls_id ORDER BY member_mls_id) AS ids
  FROM members WHERE NOT reciprocal AND member_status = 'Active'
)
INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, dba, products)
SELECT v.id, 'site' || i || '.${BENCH_ZONE}', 'Active', r.ids[1 + (i * 7) % array_length(r.ids, 1)], false,
  DATE '2023-01-01' + (i * 11) % 1000, CASE WHEN i % 3 = 0 THEN 'Team ' || i ELSE '' END, ARRAY[1 + i % 3]
FROM generate_series(1, ${n}) AS i, vendors v, roster r
WHERE v.code = '${code}';
INSERT INTO licences (website_id, vendor_id, terms, terms_hash, saf_parties, form_kind, granted_by)
SELECT w.id, w.vendor_id, website_terms(w.id), website_terms_hash(w.id), COALESCE(website_saf_parties(w.id), ''),
  'none', 'recorded'
FROM websites w WHERE w.domain_name LIKE '%.${BENCH_ZONE}';
COMMIT;`;

/**
 * Opens the database (the embedded one in `dataDir`, which no server may hold meanwhile, or
 * PostgreSQL at `url`), runs `work(db)` with `db.query(sql)` (rows) and `db.exec(sql)` (several
 * statements), and closes it again.
 */
export async function withDatabase({ dataDir, url }, work) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work({
        query: async (text) => (await client.query(text)).rows,
        exec: (text) => client.query(text),
      });
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    return await work({ query: async (text) => (await db.query(text)).rows, exec: (text) => db.exec(text) });
  } finally {
    await db.close();
  }
}

/** A certificate authority, and a server certificate it signs for `names` (a wildcard may be one). */
function certificates(names) {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 7 * 86_400_000);
  const caName = [{ name: 'commonName', value: 'Compliance Bench CA' }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const leaf = forge.pki.createCertificate();
  leaf.publicKey = keys.publicKey;
  leaf.serialNumber = '02';
  leaf.validity.notBefore = ca.validity.notBefore;
  leaf.validity.notAfter = ca.validity.notAfter;
  leaf.setSubject([{ name: 'commonName', value: names[0] }]);
  leaf.setIssuer(caName);
  leaf.setExtensions([{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    ca: forge.pki.certificateToPem(ca),
    cert: forge.pki.certificateToPem(leaf),
    key: forge.pki.privateKeyToPem(keys.privateKey),
  };
}

/** Which rule a failing site breaks, in turn. */
const FAILURES = ['stale', 'forbidden', 'attribution'];

/**
 * Serves `sites` ({ domain, agent, office }): every `failEvery`-th of them (in the order given)
 * fails one rule. Answers the environment for the server under test, the number of failing sites,
 * `stats()` (pages served) and `close()`.
 */
export async function startComplianceSites(sites, { failEvery = 10 } = {}) {
  const planned = sites.map((s, i) => ({
    ...s,
    fail: i % failEvery === 0 ? FAILURES[(i / failEvery) % FAILURES.length] : null,
  }));
  const others = [
    ...new Set(sites.map((s) => s.domain.toLowerCase()).filter((d) => !d.endsWith(`.${BENCH_ZONE}`))),
  ];
  const { ca, cert, key } = certificates([`*.${BENCH_ZONE}`, ...others]);
  const dir = mkdtempSync(join(tmpdir(), 'vp-bench-sites-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca);
  const worker = new Worker(new URL('./compliance-sites-worker.mjs', import.meta.url), {
    workerData: { cert, key, sites: planned, disclaimer: DEMO_DISCLAIMER },
  });
  const next = (field) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (!(field in message)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message[field]);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const port = await next('port');
  return {
    port,
    failing: planned.filter((s) => s.fail).length,
    env: {
      // Every name the server asks for leads here; loopback is allowed for the bench only.
      OUTBOUND_RESOLVE: `*=127.0.0.1:${port}`,
      OUTBOUND_ALLOW_PRIVATE: '1',
      OUTBOUND_CA: caFile,
    },
    stats: () => {
      const answer = next('stats');
      worker.postMessage('stats');
      return answer;
    },
    close: async () => {
      const closed = next('closed');
      worker.postMessage('close');
      await closed;
      await worker.terminate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
