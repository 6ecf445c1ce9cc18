// The bench roster (members and offices of a large MLS, with a few thousand distinct last names as
// a real roster has) and the figures shared by the bench scripts. The roster is the MLS's import,
// not a vendor's writes, so it is loaded with SQL; websites are always created through the API.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export const ROSTER_MEMBERS = 200_000;
export const ROSTER_OFFICES = 10_000;

export const rosterSql = (members, offices) => `
CREATE TEMP TABLE bench_names AS SELECT
  ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William',
    'Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Christopher','Lisa','Daniel',
    'Nancy','Matthew','Betty','Anthony','Sandra','Mark','Margaret','Donald','Ashley','Steven','Kimberly','Andrew',
    'Emily','Paul','Donna','Joshua','Michelle','Kevin','Amanda','Brian','Melissa','George','Deborah','Luis','Maria',
    'Carlos','Sofia','Miguel','Camila','Wei','Mei','Raj','Priya','Olga','Ivan','Fatima','Omar'] AS first,
  ARRAY['Har','Wal','Ben','Cal','Dun','Eld','Fair','Gar','Hol','Ken','Lan','Mar','Nor','Oak','Pen','Ram','Sal',
    'Thorn','Ver','Win','Ash','Brad','Craw','Dal','Fitz','Gold','Hath','Kirk','Lock','Mont'] AS stem,
  ARRAY['rington','ford','ley','ton','wood','well','field','man','son','sby','worth','hill','brook','ridge',
    'more','wick','by','den','gate','stone'] AS tail,
  ARRAY['', 'e', 's', 'er', 'en', 'i', 'a', 'o'] AS suffix,
  ARRAY['Harbor','Bayside','Coastal','Summit','Lakeview','Riverbend','Oak Park','Cedar Hill','Pinecrest','Seaside',
    'Westfield','Northgate','Sunset','Brookside','Highland'] AS place,
  ARRAY['Realty','Properties','Real Estate','Realty Group','Homes','Realtors','Premier Realty','Property Group'] AS kind;

INSERT INTO offices (office_key, office_mls_id, office_name, office_broker_mls_id, office_aor)
SELECT 'BO' || i, 'BOM' || i,
  n.place[1 + (i * 7) % array_length(n.place, 1)] || ' ' || n.kind[1 + (i * 13) % array_length(n.kind, 1)] || ' ' || i,
  (5000000 + i)::text, 'Bench Association of REALTORS'
FROM generate_series(1, ${offices}) AS i, bench_names n;

INSERT INTO members (member_key, member_mls_id, member_first_name, member_last_name, member_state_license,
  member_status, member_aor, member_email, office_key, office_mls_id, reciprocal)
SELECT 'BK' || i, (5000000 + i)::text,
  n.first[1 + i % 60],
  n.stem[1 + (i / 60) % 30] || n.tail[1 + (i / 1800) % 20] || n.suffix[1 + (i / 36000) % 8],
  'SL' || (7000000 + i),
  CASE WHEN i % 20 = 3 THEN 'Terminated' WHEN i % 50 = 7 THEN 'Suspended' WHEN i % 97 = 5 THEN 'Q Suspended' ELSE 'Active' END,
  CASE WHEN i > ${offices} AND i % 11 = 0 THEN 'Bench Reciprocal Board' ELSE 'Bench Association of REALTORS' END,
  'agent' || i || '@bench.example',
  'BO' || (1 + (i - 1) % ${offices}), 'BOM' || (1 + (i - 1) % ${offices}),
  i > ${offices} AND i % 11 = 0
FROM generate_series(1, ${members}) AS i, bench_names n;

DROP TABLE bench_names;
`;

/** Member numbers of the bench roster's active own-roster agents (those a vendor may license). */
export function licensableMembers(members = ROSTER_MEMBERS, offices = ROSTER_OFFICES) {
  const out = [];
  for (let i = 1; i <= members; i++) {
    const inactive = i % 20 === 3 || i % 50 === 7 || i % 97 === 5;
    const reciprocal = i > offices && i % 11 === 0;
    if (!inactive && !reciprocal) out.push(String(5000000 + i));
  }
  return out;
}

/** Loads the roster into the embedded database in `dataDir` (no server may hold it meanwhile). */
export async function seedRosterEmbedded(dataDir, members = ROSTER_MEMBERS, offices = ROSTER_OFFICES) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await db.exec(rosterSql(members, offices));
    await db.exec('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
}

export async function seedRosterPostgres(url, members = ROSTER_MEMBERS, offices = ROSTER_OFFICES) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(rosterSql(members, offices));
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it again. */
export async function scratchDatabase(adminUrl, prefix = 'vp_bench') {
  const { randomBytes } = await import('node:crypto');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function stats(samples) {
  const s = samples.map((x) => x.ms).sort((a, b) => a - b);
  const r = (v) => Math.round(v * 100) / 100;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1]),
  };
}
