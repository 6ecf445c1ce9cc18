// `npm run bench:saf`: time to seal a 3-signatory Site Access Form. The server code runs in-process
// (tsx) on a seeded embedded database; each round sends a form for a team site with agents of two
// offices (two brokers and the agent sign), and the last signature's request is timed: it stamps the
// signatures, appends the certificate of completion, PAdES-seals the PDF and stores it. Every other
// round names the agent and a broker in Korean and Chinese, so the form also carries the CJK
// fallback font, as it does for such names in production.
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { report, root } from './lib/harness.mjs';

register();
const server = (p) => import(join(root, 'apps/server/src', p));
const { buildApp } = await server('app.ts');
const { loadConfig, MIGRATIONS_DIR } = await server('config.ts');
const { migrateDatabase, openPglite } = await server('db/client.ts');
const { seedDemo } = await server('db/seed/index.ts');
const { rowsOf } = await server('db/sql.ts');
const { sql } = await import('drizzle-orm');

const ROUNDS = Number(process.env.SAF_ROUNDS ?? 15);
const TARGET_MS = 500;
const dir = mkdtempSync(join(tmpdir(), 'vp-saf-bench-'));
const database = await openPglite(null);
await migrateDatabase(database, MIGRATIONS_DIR);
await seedDemo(database.db);
const config = loadConfig({
  DATA_DIR: join(dir, 'data'),
  LOG_LEVEL: 'warn',
  PUBLIC_URL: 'http://portal.bench',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const call = async (method, url, payload, token) => {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const basic = `Basic ${Buffer.from('demo:summit-sites-2026').toString('base64')}`;
const { token } = (
  await app.inject({ method: 'POST', url: '/api/login', headers: { authorization: basic } })
).json();
const [saf] = await rowsOf(database.db, sql`SELECT id FROM document_types WHERE name = 'saf'`);
// Agents of distinct offices that have a broker with an email.
const agents = await rowsOf(
  database.db,
  sql`SELECT DISTINCT ON (o.office_key) m.member_mls_id AS id
      FROM members m JOIN offices o ON o.office_key = m.office_key
      JOIN members b ON b.member_mls_id = o.office_broker_mls_id
      WHERE NOT m.reciprocal AND m.member_status = 'Active' AND m.member_mls_id <> b.member_mls_id
        AND coalesce(m.member_email, '') <> '' AND coalesce(b.member_email, '') <> ''
      ORDER BY o.office_key, m.member_mls_id LIMIT 2`,
);
if (agents.length < 2) throw new Error('the demo roster has no two offices with brokers');
const [firstBroker] = await rowsOf(
  database.db,
  sql`SELECT b.member_mls_id AS id FROM members m JOIN offices o ON o.office_key = m.office_key
      JOIN members b ON b.member_mls_id = o.office_broker_mls_id WHERE m.member_mls_id = ${agents[0].id}`,
);
const original = await rowsOf(
  database.db,
  sql`SELECT member_mls_id AS id, member_first_name AS first, member_last_name AS last FROM members
      WHERE member_mls_id IN (${agents[0].id}, ${firstBroker.id})`,
);
const CJK_NAMES = { [agents[0].id]: ['민준', '김'], [firstBroker.id]: ['小明', '王'] };
/** Names the round's signatories: in their roster names, or in Korean and Chinese. */
const nameSignatories = async (cjk) => {
  for (const m of original) {
    const [first, last] = cjk ? CJK_NAMES[m.id] : [m.first, m.last];
    await rowsOf(
      database.db,
      sql`UPDATE members SET member_first_name = ${first}, member_last_name = ${last} WHERE member_mls_id = ${m.id}`,
    );
  }
};

const linkOf = async (email) => {
  const [mail] = await rowsOf(
    database.db,
    sql`SELECT text FROM outbox WHERE "to" = ${email} ORDER BY id DESC LIMIT 1`,
  );
  return /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)[1];
};
const signLink = async (link, name) => {
  await call('GET', `/api/sign/${link}`);
  await call('POST', `/api/sign/${link}/consent`, { consent: true });
  const started = performance.now();
  const result = await call('POST', `/api/sign/${link}`, { fullName: name, signature: { kind: 'typed' } });
  return { ms: performance.now() - started, completed: result.completed };
};

const times = [];
const byScript = { latin: [], cjk: [] };
for (let round = 0; round < ROUNDS + 1; round++) {
  const cjk = round % 2 === 1;
  await nameSignatories(cjk);
  const site = await call(
    'POST',
    '/api/portal/websites',
    {
      domainName: `saf-bench-${round}-${process.pid}.example.com`,
      memberNumber: agents[0].id,
      products: [2],
    },
    token,
  );
  await call(
    'PUT',
    `/api/websites/${site.id}/team`,
    { siteId: site.id, primary: agents[0].id, memberIds: agents.map((a) => a.id) },
    token,
  );
  const signatories = await call(
    'GET',
    `/api/documenttype/${saf.id}/sign?website=${site.id}`,
    undefined,
    token,
  );
  if (signatories.length !== 3) throw new Error(`expected 3 signatories, got ${signatories.length}`);
  if (cjk && !signatories.some((s) => s.name === '王 小明' || s.name === '王小明' || s.name.includes('小明')))
    throw new Error(`the CJK round has no Chinese name: ${signatories.map((s) => s.name).join(', ')}`);
  await call(
    'POST',
    `/api/documenttype/${saf.id}/sign`,
    { fields: {}, id: site.id, type: 'website', signatures: signatories },
    token,
  );
  const links = [];
  for (const s of signatories) links.push(await linkOf(s.email));
  for (let i = 0; i < 2; i++) await signLink(links[i], signatories[i].name);
  const last = await signLink(links[2], signatories[2].name);
  if (!last.completed) throw new Error('the last signature did not seal the form');
  if (round > 0) {
    // the first round warms the code up
    times.push(last.ms);
    byScript[cjk ? 'cjk' : 'latin'].push(last.ms);
  }
}
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const quantile = (list, q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const median = quantile(times, 0.5);
const p95 = quantile(times, 0.95);
const latinMedian = quantile(byScript.latin, 0.5);
const cjkMedian = quantile(byScript.cjk, 0.5);
report(
  'saf-seal',
  [
    `Sealing a 3-signatory Site Access Form (the last signature's request, ${times.length} rounds):`,
    `  median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target at most ${TARGET_MS} ms)`,
    `  median with roster names ${latinMedian.toFixed(0)} ms (${byScript.latin.length} rounds), with Korean and Chinese names ${cjkMedian.toFixed(0)} ms (${byScript.cjk.length} rounds)`,
  ],
  {
    rounds: times.length,
    medianMs: Math.round(median),
    p95Ms: Math.round(p95),
    latinMedianMs: Math.round(latinMedian),
    cjkMedianMs: Math.round(cjkMedian),
    targetMs: TARGET_MS,
  },
);
process.exit(p95 <= TARGET_MS ? 0 : 1);
