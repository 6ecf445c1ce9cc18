import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvRecords } from './csv.ts';
import { rowsOf, textArray } from '../../db/sql.ts';
import { mapMemberStatus } from './status-map.ts';

/**
 * Loads MLS roster records (RESO Member or Office resources) into the members and offices tables.
 * Records upsert by their RESO key, one transaction per batch; a record whose data is identical to
 * the stored row is left alone, so a replayed replication page reports everything unchanged.
 * Websites show roster data by joining members on MemberMlsId, so a status change here shows on
 * every website of that agent at once (their sort and search keys follow through triggers).
 */

export type RawRecord = Record<string, unknown>;

export interface InputRecord {
  /** The record's position in its file (1-based), for the report. */
  row: number;
  data: RawRecord;
}

export interface Counts {
  added: number;
  updated: number;
  unchanged: number;
}

export interface Rejection {
  row: number;
  key: string | null;
  reason: string;
}

export interface ImportReport {
  members: Counts;
  offices: Counts;
  rejected: Rejection[];
}

export interface ImportOptions {
  /** The records are another association's agents, offered only in reciprocal searches. */
  reciprocal?: boolean;
  batchSize?: number;
}

interface OfficeRow {
  office_key: string;
  office_mls_id: string;
  office_name: string;
  office_broker_mls_id: string | null;
  office_aor: string;
  modification_timestamp: string | null;
}

interface MemberRow {
  member_key: string;
  member_mls_id: string;
  member_first_name: string;
  member_last_name: string;
  member_state_license: string;
  member_status: string;
  member_aor: string;
  member_email: string | null;
  office_key: string | null;
  office_mls_id: string | null;
  reciprocal: boolean;
  modification_timestamp: string | null;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const optional = (v: unknown): string | null => str(v) || null;

export function recordKind(data: RawRecord): 'member' | 'office' | null {
  const keys = Object.keys(data);
  if (keys.some((k) => k.startsWith('Member'))) return 'member';
  if (keys.some((k) => k.startsWith('Office'))) return 'office';
  return null;
}

class Rejected extends Error {}

function timestamp(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new Rejected(`bad ModificationTimestamp '${s}'`);
  return new Date(t).toISOString();
}

function toOffice(data: RawRecord): OfficeRow {
  const key = str(data.OfficeKey);
  if (!key) throw new Rejected('missing OfficeKey');
  const mlsId = str(data.OfficeMlsId);
  if (!mlsId) throw new Rejected('missing OfficeMlsId');
  const name = str(data.OfficeName);
  if (!name) throw new Rejected('missing OfficeName');
  return {
    office_key: key,
    office_mls_id: mlsId,
    office_name: name,
    office_broker_mls_id: optional(data.OfficeBrokerMlsId),
    office_aor: str(data.OfficeAOR),
    modification_timestamp: timestamp(data.ModificationTimestamp),
  };
}

function toMember(data: RawRecord, reciprocal: boolean): MemberRow {
  const key = str(data.MemberKey);
  if (!key) throw new Rejected('missing MemberKey');
  const mlsId = str(data.MemberMlsId);
  if (!mlsId) throw new Rejected('missing MemberMlsId');
  const last = str(data.MemberLastName);
  if (!last) throw new Rejected('missing MemberLastName');
  const rawStatus = str(data.MemberStatus);
  if (!rawStatus) throw new Rejected('missing MemberStatus');
  const status = mapMemberStatus(rawStatus);
  if (!status) throw new Rejected(`unknown MemberStatus '${rawStatus}'`);
  return {
    member_key: key,
    member_mls_id: mlsId,
    member_first_name: str(data.MemberFirstName),
    member_last_name: last,
    member_state_license: str(data.MemberStateLicense),
    member_status: status,
    member_aor: str(data.MemberAOR),
    member_email: optional(data.MemberEmail),
    office_key: optional(data.OfficeKey),
    office_mls_id: optional(data.OfficeMlsId),
    reciprocal,
    modification_timestamp: timestamp(data.ModificationTimestamp),
  };
}

/** Keeps the last record of each key; earlier ones are reported as replaced. */
function lastPerKey<T>(
  items: { row: number; value: T }[],
  key: (v: T) => string,
  label: string,
  rejected: Rejection[],
) {
  const byKey = new Map<string, { row: number; value: T }>();
  for (const item of items) {
    const k = key(item.value);
    const prev = byKey.get(k);
    if (prev)
      rejected.push({
        row: prev.row,
        key: k,
        reason: `duplicate ${label} '${k}' (row ${item.row} replaces it)`,
      });
    byKey.set(k, item);
  }
  return [...byKey.values()];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const tally = (rows: { inserted: boolean }[], total: number): Counts => {
  const added = rows.filter((r) => r.inserted).length;
  const updated = rows.length - added;
  return { added, updated, unchanged: total - rows.length };
};

const add = (a: Counts, b: Counts): Counts => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});

async function upsertOffices(db: Db, batch: OfficeRow[]): Promise<Counts> {
  const rows = await rowsOf<{ inserted: boolean }>(
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
  return tally(rows, batch.length);
}

async function upsertMembers(db: Db, batch: MemberRow[]): Promise<Counts> {
  const rows = await rowsOf<{ inserted: boolean }>(
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
  return tally(rows, batch.length);
}

/** Rows whose secondary MLS id is already held by another key, in the database or earlier in the batch. */
async function mlsIdOwners(
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

function dropMlsIdClashes<T>(
  items: { row: number; value: T }[],
  key: (v: T) => string,
  mlsId: (v: T) => string,
  owners: Map<string, string>,
  label: string,
  rejected: Rejection[],
) {
  const claimed = new Map<string, string>();
  return items.filter(({ row, value }) => {
    const id = mlsId(value);
    const owner = owners.get(id) ?? claimed.get(id);
    if (owner !== undefined && owner !== key(value)) {
      rejected.push({
        row,
        key: key(value),
        reason: `${label} '${id}' belongs to another record (key '${owner}')`,
      });
      return false;
    }
    claimed.set(id, key(value));
    return true;
  });
}

export async function importRoster(
  db: Db,
  records: InputRecord[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 1000;
  const rejected: Rejection[] = [];
  const offices: { row: number; value: OfficeRow }[] = [];
  const members: { row: number; value: MemberRow }[] = [];

  for (const { row, data } of records) {
    const kind = recordKind(data);
    try {
      if (kind === 'office') offices.push({ row, value: toOffice(data) });
      else if (kind === 'member') members.push({ row, value: toMember(data, options.reciprocal ?? false) });
      else
        rejected.push({
          row,
          key: null,
          reason: 'not a Member or Office record (no MemberKey or OfficeKey)',
        });
    } catch (err) {
      if (!(err instanceof Rejected)) throw err;
      rejected.push({ row, key: str(data.MemberKey) || str(data.OfficeKey) || null, reason: err.message });
    }
  }

  const report: ImportReport = {
    members: { added: 0, updated: 0, unchanged: 0 },
    offices: { added: 0, updated: 0, unchanged: 0 },
    rejected,
  };

  // Offices first, so members of an office that arrives in the same file find it.
  for (const batch of chunks(
    lastPerKey(offices, (o) => o.office_key, 'OfficeKey', rejected),
    batchSize,
  )) {
    await db.transaction(async (tx) => {
      const owners = await mlsIdOwners(
        tx,
        'offices',
        batch.map((b) => b.value.office_mls_id),
      );
      const ok = dropMlsIdClashes(
        batch,
        (o) => o.office_key,
        (o) => o.office_mls_id,
        owners,
        'OfficeMlsId',
        rejected,
      );
      if (ok.length)
        report.offices = add(
          report.offices,
          await upsertOffices(
            tx,
            ok.map((b) => b.value),
          ),
        );
    });
  }

  for (const batch of chunks(
    lastPerKey(members, (m) => m.member_key, 'MemberKey', rejected),
    batchSize,
  )) {
    await db.transaction(async (tx) => {
      const owners = await mlsIdOwners(
        tx,
        'members',
        batch.map((b) => b.value.member_mls_id),
      );
      const ok = dropMlsIdClashes(
        batch,
        (m) => m.member_key,
        (m) => m.member_mls_id,
        owners,
        'MemberMlsId',
        rejected,
      );
      const wanted = [
        ...new Set(ok.flatMap((b) => [b.value.office_key, b.value.office_mls_id]).filter((v) => v !== null)),
      ];
      const known = wanted.length
        ? await rowsOf<{ office_key: string; office_mls_id: string }>(
            tx,
            sql`SELECT office_key, office_mls_id FROM offices
              WHERE office_key = ANY(${textArray(wanted)}) OR office_mls_id = ANY(${textArray(wanted)})`,
          )
        : [];
      const byKey = new Map(known.map((o) => [o.office_key, o]));
      const byMlsId = new Map(known.map((o) => [o.office_mls_id, o]));
      const resolved = ok.filter(({ row, value }) => {
        if (value.office_key === null && value.office_mls_id === null) return true;
        const office =
          value.office_key !== null ? byKey.get(value.office_key) : byMlsId.get(value.office_mls_id!);
        if (!office) {
          rejected.push({
            row,
            key: value.member_key,
            reason: `unknown office '${value.office_key ?? value.office_mls_id}'`,
          });
          return false;
        }
        value.office_key = office.office_key;
        value.office_mls_id = office.office_mls_id;
        return true;
      });
      if (resolved.length)
        report.members = add(
          report.members,
          await upsertMembers(
            tx,
            resolved.map((b) => b.value),
          ),
        );
    });
  }

  // PGlite has no autovacuum: after a large load, fresh statistics keep the search plans on the indexes.
  const changed =
    report.members.added + report.members.updated + report.offices.added + report.offices.updated;
  if (changed >= 1000) await db.execute(sql`ANALYZE members; ANALYZE offices`).catch(() => undefined);

  rejected.sort((a, b) => a.row - b.row);
  return report;
}

/** Parses a file's text: a RESO Web API payload ({"value": [...]}), a bare JSON array, or CSV. */
export function parseRosterPayload(text: string, fileName = ''): InputRecord[] {
  const trimmed = text.trimStart().replace(/^\uFEFF/, '');
  const looksJson = /\.json$/i.test(fileName) || trimmed.startsWith('{') || trimmed.startsWith('[');
  if (looksJson) {
    const parsed: unknown = JSON.parse(trimmed);
    const list = Array.isArray(parsed) ? parsed : (parsed as { value?: unknown } | null)?.value;
    if (!Array.isArray(list)) throw new Error('The JSON payload has no "value" array of records.');
    return list.map((data, i) => ({
      row: i + 1,
      data: data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as RawRecord) : {},
    }));
  }
  return csvRecordsWithRows(text);
}

function csvRecordsWithRows(text: string): InputRecord[] {
  // Row numbers count records after the header (line numbers differ when a quoted field spans lines).
  return csvRecords(text).map((data, i) => ({ row: i + 1, data }));
}
