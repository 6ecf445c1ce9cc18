import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';
import type { MemberRow, OfficeRow } from './parse.ts';

/**
 * The roster import's SQL. A batch upserts by RESO key in one statement; a row identical to the
 * stored one is left alone (the WHERE of the conflict clause), so it comes back in no row at all.
 */

/** One returned row per record written; `inserted` tells a new key from an update. */
export type Written = { inserted: boolean }[];

export function upsertOffices(db: Db, batch: OfficeRow[]): Promise<Written> {
  return rowsOf<{ inserted: boolean }>(
    db,
    sql`INSERT INTO offices AS o (office_key, office_mls_id, office_name, office_broker_mls_id, office_aor, modification_timestamp)
      SELECT r.office_key, r.office_mls_id, r.office_name, r.office_broker_mls_id, r.office_aor, coalesce(r.modification_timestamp, now())
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(office_key text, office_mls_id text, office_name text,
        office_broker_mls_id text, office_aor text, modification_timestamp timestamptz)
      ON CONFLICT (office_key) DO UPDATE SET office_mls_id = excluded.office_mls_id, office_name = excluded.office_name,
        office_broker_mls_id = excluded.office_broker_mls_id, office_aor = excluded.office_aor,
        modification_timestamp = excluded.modification_timestamp
      WHERE (o.office_mls_id, o.office_name, o.office_broker_mls_id, o.office_aor)
        IS DISTINCT FROM (excluded.office_mls_id, excluded.office_name, excluded.office_broker_mls_id, excluded.office_aor)
      RETURNING (xmax = 0) AS inserted`,
  );
}

export function upsertMembers(db: Db, batch: MemberRow[]): Promise<Written> {
  return rowsOf<{ inserted: boolean }>(
    db,
    sql`INSERT INTO members AS m (member_key, member_mls_id, member_first_name, member_last_name, member_state_license,
        member_status, member_aor, member_email, office_key, office_mls_id, reciprocal, modification_timestamp)
      SELECT r.member_key, r.member_mls_id, r.member_first_name, r.member_last_name, r.member_state_license,
        r.member_status, r.member_aor, r.member_email, r.office_key, r.office_mls_id, r.reciprocal,
        coalesce(r.modification_timestamp, now())
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(member_key text, member_mls_id text,
        member_first_name text, member_last_name text, member_state_license text, member_status text, member_aor text,
        member_email text, office_key text, office_mls_id text, reciprocal boolean, modification_timestamp timestamptz)
      ON CONFLICT (member_key) DO UPDATE SET member_mls_id = excluded.member_mls_id,
        member_first_name = excluded.member_first_name, member_last_name = excluded.member_last_name,
        member_state_license = excluded.member_state_license, member_status = excluded.member_status,
        member_aor = excluded.member_aor, member_email = excluded.member_email, office_key = excluded.office_key,
        office_mls_id = excluded.office_mls_id, reciprocal = excluded.reciprocal,
        modification_timestamp = excluded.modification_timestamp
      WHERE (m.member_mls_id, m.member_first_name, m.member_last_name, m.member_state_license, m.member_status,
          m.member_aor, m.member_email, m.office_key, m.office_mls_id, m.reciprocal)
        IS DISTINCT FROM (excluded.member_mls_id, excluded.member_first_name, excluded.member_last_name,
          excluded.member_state_license, excluded.member_status, excluded.member_aor, excluded.member_email,
          excluded.office_key, excluded.office_mls_id, excluded.reciprocal)
      RETURNING (xmax = 0) AS inserted`,
  );
}

/** Who holds each of these secondary MLS ids in the database, as MLS id to RESO key. */
export async function mlsIdOwners(
  db: Db,
  table: 'members' | 'offices',
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const q =
    table === 'members'
      ? sql`SELECT member_mls_id AS id, member_key AS key FROM members WHERE member_mls_id = ANY(${textArray(ids)})`
      : sql`SELECT office_mls_id AS id, office_key AS key FROM offices WHERE office_mls_id = ANY(${textArray(ids)})`;
  const rows = await rowsOf<{ id: string; key: string }>(db, q);
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** The stored offices a batch of members names, by OfficeKey or OfficeMlsId. */
export function officesNamed(
  db: Db,
  keysOrMlsIds: string[],
): Promise<{ office_key: string; office_mls_id: string }[]> {
  if (keysOrMlsIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ office_key: string; office_mls_id: string }>(
    db,
    sql`SELECT office_key, office_mls_id FROM offices
      WHERE office_key = ANY(${textArray(keysOrMlsIds)}) OR office_mls_id = ANY(${textArray(keysOrMlsIds)})`,
  );
}

/** PGlite has no autovacuum: after a large load, fresh statistics keep the search plans on the indexes. */
export async function analyzeRoster(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE members; ANALYZE offices`).catch(() => undefined);
}
