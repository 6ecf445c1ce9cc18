import type { Db } from '../../db/client.ts';
import type { MemberRow, Numbered, OfficeRow, Rejection } from './parse.ts';
import { mlsIdOwners, officesNamed, upsertMembers, upsertOffices, type Written } from './queries.ts';

/**
 * Writing checked records in batches, one transaction each. Within a file the last record of a key
 * wins; a record whose MLS id another key holds, or whose office is unknown, is rejected rather
 * than stored.
 */

export interface Counts {
  added: number;
  updated: number;
  unchanged: number;
}

/** Keeps the last record of each key; earlier ones are reported as replaced. */
function lastPerKey<T>(items: Numbered<T>[], key: (v: T) => string, label: string, rejected: Rejection[]) {
  const byKey = new Map<string, Numbered<T>>();
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

const tally = (rows: Written, total: number): Counts => {
  const added = rows.filter((r) => r.inserted).length;
  const updated = rows.length - added;
  return { added, updated, unchanged: total - rows.length };
};

const add = (a: Counts, b: Counts): Counts => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});

/** Drops records whose MLS id another key holds, in the database (`owners`) or earlier in the batch. */
function dropMlsIdClashes<T>(
  items: Numbered<T>[],
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

export async function upsertOfficeBatches(
  db: Db,
  offices: Numbered<OfficeRow>[],
  batchSize: number,
  rejected: Rejection[],
): Promise<Counts> {
  let counts: Counts = { added: 0, updated: 0, unchanged: 0 };
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
      if (ok.length) {
        const values = ok.map((b) => b.value);
        counts = add(counts, tally(await upsertOffices(tx, values), values.length));
      }
    });
  }
  return counts;
}

/** Members name their office by OfficeKey or OfficeMlsId; both are stored, taken from the office. */
export async function upsertMemberBatches(
  db: Db,
  members: Numbered<MemberRow>[],
  batchSize: number,
  rejected: Rejection[],
): Promise<Counts> {
  let counts: Counts = { added: 0, updated: 0, unchanged: 0 };
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
      const known = await officesNamed(tx, wanted);
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
      if (resolved.length) {
        const values = resolved.map((b) => b.value);
        counts = add(counts, tally(await upsertMembers(tx, values), values.length));
      }
    });
  }
  return counts;
}
