import { csvRecords } from './csv.ts';
import { mapMemberStatus } from './status-map.ts';

/**
 * Reading roster files and checking their records: each RESO Member or Office record becomes the
 * row it will be stored as, or a rejection with the reason, before anything touches the database.
 */

export type RawRecord = Record<string, unknown>;

export interface InputRecord {
  /** The record's position in its file (1-based), for the report. */
  row: number;
  data: RawRecord;
}

export interface Rejection {
  row: number;
  key: string | null;
  reason: string;
}

/** A checked record and where it came from. */
export interface Numbered<T> {
  row: number;
  value: T;
}

export interface OfficeRow {
  office_key: string;
  office_mls_id: string;
  office_name: string;
  office_broker_mls_id: string | null;
  office_aor: string;
  modification_timestamp: string | null;
}

export interface MemberRow {
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

/** Sorts records into offices and members, rejecting those that cannot be stored. */
export function checkRecords(
  records: InputRecord[],
  reciprocal: boolean,
): { offices: Numbered<OfficeRow>[]; members: Numbered<MemberRow>[]; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const offices: Numbered<OfficeRow>[] = [];
  const members: Numbered<MemberRow>[] = [];
  for (const { row, data } of records) {
    const kind = recordKind(data);
    try {
      if (kind === 'office') offices.push({ row, value: toOffice(data) });
      else if (kind === 'member') members.push({ row, value: toMember(data, reciprocal) });
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
  return { offices, members, rejected };
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
