import type { MlsStatus } from '@vp/contract';
import type { members, offices } from '../schema.ts';
import { FIRST_NAMES, LAST_NAMES, OFFICE_KINDS, PLACES, pad, slug } from './names.ts';
import { BASE_DAY, DAY_MS, type Rng } from './random.ts';

/**
 * The demo MLS roster: offices of the main association, each with its broker and agents, plus the
 * reciprocal agents of two other associations.
 */

export const MAIN_AOR = 'Metro Coast Association of REALTORS';
export const RECIPROCAL_AORS = [
  'Lakeshore Board of REALTORS',
  'Pine Valley Association of REALTORS',
] as const;

const LOCAL_OFFICES = 150;
const LOCAL_AGENTS = 2_100;
const RECIPROCAL_OFFICES_PER_AOR = 10;
const RECIPROCAL_AGENTS_PER_AOR = 150;

export type OfficeRow = typeof offices.$inferInsert;
export type MemberRow = typeof members.$inferInsert;

function mlsStatus(rng: Rng): MlsStatus {
  const x = rng.float();
  if (x < 0.86) return 'Active';
  if (x < 0.93) return 'Terminated';
  if (x < 0.97) return 'Suspended';
  return 'Q Suspended';
}

export function buildRoster(rng: Rng): { officeRows: OfficeRow[]; memberRows: MemberRow[] } {
  const officeRows: OfficeRow[] = [];
  const memberRows: MemberRow[] = [];
  const usedOfficeNames = new Set<string>();
  let memberSeq = 0;

  const person = (
    officeKey: string,
    officeMlsId: string,
    aor: string,
    reciprocal: boolean,
    broker: boolean,
  ) => {
    memberSeq += 1;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const mlsId = reciprocal ? `R${pad(700000 + memberSeq, 6)}` : pad(3000000 + memberSeq, 7);
    const row: MemberRow = {
      MemberKey: pad(10_000_000 + memberSeq, 8),
      MemberMlsId: mlsId,
      MemberFirstName: first,
      MemberLastName: last,
      MemberStateLicense: `${broker ? 'BK' : 'SL'}${pad(3100000 + ((memberSeq * 7919) % 900000), 7)}`,
      MemberStatus: broker ? 'Active' : mlsStatus(rng),
      MemberAOR: aor,
      MemberEmail: `${slug(first)}.${slug(last)}${memberSeq}@agents.example`,
      OfficeKey: officeKey,
      OfficeMlsId: officeMlsId,
      Reciprocal: reciprocal,
      ModificationTimestamp: new Date(BASE_DAY - rng.int(0, 900) * DAY_MS),
    };
    memberRows.push(row);
    return row;
  };

  const office = (seq: number, aor: string, reciprocal: boolean, agents: number) => {
    let name = `${rng.pick(PLACES)} ${rng.pick(OFFICE_KINDS)}`;
    while (usedOfficeNames.has(name))
      name = `${rng.pick(PLACES)} ${rng.pick(LAST_NAMES)} ${rng.pick(OFFICE_KINDS)}`;
    usedOfficeNames.add(name);
    const officeKey = pad(20_000_000 + seq, 8);
    const officeMlsId = reciprocal ? `RO${pad(seq, 4)}` : `O${pad(1000 + seq, 5)}`;
    const broker = person(officeKey, officeMlsId, aor, reciprocal, true);
    officeRows.push({
      OfficeKey: officeKey,
      OfficeMlsId: officeMlsId,
      OfficeName: name,
      OfficeBrokerMlsId: broker.MemberMlsId,
      OfficeAOR: aor,
      ModificationTimestamp: new Date(BASE_DAY - rng.int(0, 900) * DAY_MS),
    });
    for (let i = 0; i < agents; i++) person(officeKey, officeMlsId, aor, reciprocal, false);
  };

  // Brokers count among the agents: 150 brokers plus the rest spread evenly.
  const perOffice = (LOCAL_AGENTS - LOCAL_OFFICES) / LOCAL_OFFICES;
  for (let i = 1; i <= LOCAL_OFFICES; i++) {
    const agents = Math.floor(i * perOffice) - Math.floor((i - 1) * perOffice);
    office(i, MAIN_AOR, false, agents);
  }
  let seq = LOCAL_OFFICES;
  const recipPerOffice = RECIPROCAL_AGENTS_PER_AOR / RECIPROCAL_OFFICES_PER_AOR - 1;
  for (const aor of RECIPROCAL_AORS) {
    for (let i = 0; i < RECIPROCAL_OFFICES_PER_AOR; i++) office(++seq, aor, true, recipPerOffice);
  }
  return { officeRows, memberRows };
}
