import { SITE_STATUSES, type MlsStatus, type Role, type SiteStatus } from '@vp/contract';
import { count } from 'drizzle-orm';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import {
  members,
  offices,
  products,
  userVendors,
  users,
  vendors,
  websiteChanges,
  websites,
  type FieldChange,
} from './schema.ts';

/**
 * The demo data set. Deterministic: every choice comes from a seeded generator and fixed dates, so
 * two seeded databases hold the same rows (password salts aside).
 */
export const DEMO_LOGINS: readonly { username: string; password: string; role: Role; note: string }[] = [
  {
    username: 'demo',
    password: 'demo-portal',
    role: 'vendor',
    note: 'Summit Web Solutions, linked to Summit Web Solutions West',
  },
  { username: 'viewer', password: 'viewer-portal', role: 'viewer', note: 'read-only, Summit Web Solutions' },
  { username: 'admin', password: 'admin-portal', role: 'admin', note: 'MLS staff, may act for any vendor' },
  { username: 'other', password: 'other-portal', role: 'vendor', note: 'Harbor IDX Co. only' },
  {
    username: 'newbie',
    password: 'newbie-portal',
    role: 'vendor',
    note: 'Summit Web Solutions, has not accepted the terms',
  },
];

export const PRODUCTS = [
  { id: 1, name: 'IDX Website' },
  { id: 2, name: 'IDX Team Website' },
  { id: 3, name: 'VOW Website' },
] as const;

export const MAIN_AOR = 'Metro Coast Association of REALTORS';
export const RECIPROCAL_AORS = [
  'Lakeshore Board of REALTORS',
  'Pine Valley Association of REALTORS',
] as const;

const LOCAL_OFFICES = 150;
const LOCAL_AGENTS = 2_100;
const RECIPROCAL_OFFICES_PER_AOR = 10;
const RECIPROCAL_AGENTS_PER_AOR = 150;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Sandra',
  'Mark',
  'Margaret',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Paul',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'George',
  'Deborah',
  'Timothy',
  'Stephanie',
  'Ronald',
  'Rebecca',
  'Jason',
  'Laura',
  'Edward',
  'Sharon',
  'Jeffrey',
  'Cynthia',
  'Ryan',
  'Kathleen',
  'Jacob',
  'Amy',
  'Gary',
  'Angela',
  'Nicholas',
  'Shirley',
  'Eric',
  'Brenda',
  'Jonathan',
  'Emma',
  'Stephen',
  'Anna',
  'Larry',
  'Pamela',
  'Justin',
  'Nicole',
  'Scott',
  'Samantha',
  'Brandon',
  'Katherine',
  'Luis',
  'Maria',
  'Carlos',
  'Sofia',
  'Miguel',
  'Camila',
  'Wei',
  'Mei',
  'Raj',
  'Priya',
] as const;

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
] as const;

const PLACES = [
  'Harbor',
  'Bayside',
  'Coastal',
  'Summit',
  'Lakeview',
  'Riverbend',
  'Oak Park',
  'Cedar Hill',
  'Pinecrest',
  'Seaside',
  'Westfield',
  'Northgate',
  'Sunset',
  'Brookside',
  'Meadowlark',
  'Highland',
  'Willow Creek',
  'Stonebridge',
  'Maple Grove',
  'Crescent',
  'Palm Shore',
  'Fairview',
  'Golden Gate',
  'Silver Lake',
  'Eastport',
] as const;
const OFFICE_KINDS = [
  'Realty',
  'Properties',
  'Real Estate',
  'Realty Group',
  'Homes',
  'Realtors',
  'Premier Realty',
  'Real Estate Partners',
  'Home Team',
  'Property Group',
] as const;
const TLDS = ['com', 'com', 'com', 'net', 'realtor', 'homes', 'us'] as const;
const DOMAIN_PATTERNS: readonly ((f: string, l: string, place: string) => string)[] = [
  (f, l) => `${f}${l}homes`,
  (f, l) => `${f}-${l}-realty`,
  (_f, l, p) => `${l}${p}realestate`,
  (f, l) => `sellwith${f}${l}`,
  (f, _l, p) => `${p}homeswith${f}`,
  (f, l) => `${l}${f}properties`,
  (_f, l) => `the${l}team`,
  (f, l, p) => `${p}-${f}${l}`,
  (f, l) => `${f}${l}realtor`,
  (_f, l, p) => `${p}-living-${l}`,
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A fixed day, so seeded dates do not drift with the calendar. */
const BASE_DAY = Date.UTC(2025, 5, 1);
const dayOffset = (days: number) => new Date(BASE_DAY + days * 86_400_000).toISOString().slice(0, 10);

function mlsStatus(rng: Rng): MlsStatus {
  const x = rng.float();
  if (x < 0.86) return 'Active';
  if (x < 0.93) return 'Terminated';
  if (x < 0.97) return 'Suspended';
  return 'Q Suspended';
}

type OfficeRow = typeof offices.$inferInsert;
type MemberRow = typeof members.$inferInsert;

function buildRoster(rng: Rng): { officeRows: OfficeRow[]; memberRows: MemberRow[] } {
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
      ModificationTimestamp: new Date(BASE_DAY - rng.int(0, 900) * 86_400_000),
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
      ModificationTimestamp: new Date(BASE_DAY - rng.int(0, 900) * 86_400_000),
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

type WebsiteRow = typeof websites.$inferInsert;

interface SiteCounts {
  Active: number;
  'Pending Activation': number;
  'Pending Termination': number;
  Inactive: number;
}

function buildWebsites(
  rng: Rng,
  vendorId: number,
  counts: SiteCounts,
  agents: readonly MemberRow[],
  reciprocalAgents: readonly MemberRow[],
  usedDomains: Set<string>,
): WebsiteRow[] {
  const rows: WebsiteRow[] = [];
  for (const status of SITE_STATUSES) {
    for (let i = 0; i < counts[status]; i++) {
      const reciprocal = reciprocalAgents.length > 0 && rng.chance(0.12);
      const agent = rng.pick(reciprocal ? reciprocalAgents : agents);
      const first = slug(agent.MemberFirstName);
      const last = slug(agent.MemberLastName);
      let domain = '';
      for (let attempt = 0; !domain || usedDomains.has(domain); attempt++) {
        const base = rng.pick(DOMAIN_PATTERNS)(first, last, slug(rng.pick(PLACES)));
        domain = `${attempt > 3 ? `${base}${attempt}` : base}.${rng.pick(TLDS)}`;
      }
      usedDomains.add(domain);
      const start = -rng.int(30, 2000);
      const product = rng.float() < 0.7 ? 1 : rng.float() < 0.6 ? 2 : 3;
      let startDate: string | null = dayOffset(start);
      let termDate: string | null = null;
      if (status === 'Pending Activation') startDate = dayOffset(-rng.int(0, 20));
      if (status === 'Pending Termination') termDate = dayOffset(rng.int(5, 60));
      if (status === 'Inactive') termDate = dayOffset(start + rng.int(60, 400));
      const created = new Date(
        BASE_DAY + (status === 'Pending Activation' ? -rng.int(0, 20) : start) * 86_400_000,
      );
      rows.push({
        vendorId,
        domainName: domain,
        status,
        memberNumber: agent.MemberMlsId,
        reciprocal,
        startDate,
        termDate,
        dba: rng.chance(0.3)
          ? `The ${agent.MemberLastName} ${rng.pick(['Group', 'Team', 'Home Team', 'Collective'])}`
          : '',
        products: [product],
        createdAt: created,
        updatedAt: created,
      });
    }
  }
  return rows;
}

async function insertChunked<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(vendors);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  const rng = new Rng(20_250_601);
  // scrypt is the slow part; the five hashes run side by side on the thread pool.
  const hashes = await Promise.all(DEMO_LOGINS.map((l) => hashPassword(l.password)));
  const { officeRows, memberRows } = buildRoster(rng);
  const localAgents = memberRows.filter((m) => !m.Reciprocal && m.MemberStatus === 'Active');
  const reciprocalAgents = memberRows.filter((m) => m.Reciprocal && m.MemberStatus === 'Active');

  await db.transaction(async (tx) => {
    await tx.insert(products).values([...PRODUCTS]);
    const [summit] = await tx
      .insert(vendors)
      .values({
        code: 'SWS',
        type: 'IDX Vendor',
        name: 'Summit Web Solutions',
        technicalContact: 'Dana Whitfield (dana.whitfield@summitweb.example)',
        billingContact: 'Marcus Lee (billing@summitweb.example)',
        feedType: 'RESO Web API',
        reciprocalAllowed: true,
        permissionAudit: true,
        isConsumer: false,
        isProvider: true,
      })
      .returning({ id: vendors.id });
    if (!summit) throw new Error('seed: vendor insert returned nothing');
    const others = await tx
      .insert(vendors)
      .values([
        {
          code: 'SWS-W',
          type: 'IDX Vendor',
          name: 'Summit Web Solutions West',
          technicalContact: 'Priya Raman (west-support@summitweb.example)',
          billingContact: 'Marcus Lee (billing@summitweb.example)',
          feedType: 'RETS',
          reciprocalAllowed: false,
          permissionAudit: false,
          isConsumer: true,
          isProvider: false,
          parentVendorId: summit.id,
        },
        {
          code: 'HIC',
          type: 'IDX Vendor',
          name: 'Harbor IDX Co.',
          technicalContact: 'Owen Park (tech@harboridx.example)',
          billingContact: 'Lena Ortiz (accounts@harboridx.example)',
          feedType: 'RESO Web API',
          reciprocalAllowed: false,
          permissionAudit: false,
          isConsumer: true,
          isProvider: false,
        },
      ])
      .returning({ id: vendors.id });
    const west = others[0]!.id;
    const harbor = others[1]!.id;

    const names: Record<string, [string, string, string]> = {
      demo: ['Dana', 'Whitfield', 'demo@summitweb.example'],
      viewer: ['Victor', 'Vance', 'viewer@summitweb.example'],
      admin: ['Alex', 'Morgan', 'admin@mls.example'],
      other: ['Owen', 'Park', 'owen.park@harboridx.example'],
      newbie: ['Nora', 'Bell', 'newbie@summitweb.example'],
    };
    const tosAt = new Date(BASE_DAY);
    const userRows = await tx
      .insert(users)
      .values(
        DEMO_LOGINS.map((l, i) => {
          const [firstName, lastName, email] = names[l.username]!;
          return {
            username: l.username,
            passwordHash: hashes[i]!,
            role: l.role,
            email,
            firstName,
            lastName,
            acceptedTosAt: l.username === 'newbie' ? null : tosAt,
            acceptedTosVersion: l.username === 'newbie' ? null : '1',
          };
        }),
      )
      .returning({ id: users.id, username: users.username });
    const uid = (name: string) => userRows.find((u) => u.username === name)!.id;
    await tx.insert(userVendors).values([
      { userId: uid('demo'), vendorId: summit.id, isPrimary: true },
      { userId: uid('demo'), vendorId: west, isPrimary: false },
      { userId: uid('viewer'), vendorId: summit.id, isPrimary: true },
      { userId: uid('other'), vendorId: harbor, isPrimary: true },
      { userId: uid('newbie'), vendorId: summit.id, isPrimary: true },
    ]);

    await insertChunked(officeRows, 500, (c) => tx.insert(offices).values(c));
    await insertChunked(memberRows, 1000, (c) => tx.insert(members).values(c));

    const used = new Set<string>();
    const siteRows = [
      ...buildWebsites(
        rng,
        summit.id,
        { Active: 72, 'Pending Activation': 24, 'Pending Termination': 14, Inactive: 20 },
        localAgents,
        reciprocalAgents,
        used,
      ),
      ...buildWebsites(
        rng,
        west,
        { Active: 14, 'Pending Activation': 5, 'Pending Termination': 2, Inactive: 4 },
        localAgents,
        [],
        used,
      ),
      ...buildWebsites(
        rng,
        harbor,
        { Active: 11, 'Pending Activation': 4, 'Pending Termination': 2, Inactive: 3 },
        localAgents,
        [],
        used,
      ),
    ];
    const inserted: {
      id: number;
      vendorId: number;
      status: SiteStatus;
      startDate: string | null;
      termDate: string | null;
      createdAt: Date;
    }[] = [];
    await insertChunked(siteRows, 500, async (c) => {
      inserted.push(
        ...(await tx.insert(websites).values(c).returning({
          id: websites.id,
          vendorId: websites.vendorId,
          status: websites.status,
          startDate: websites.startDate,
          termDate: websites.termDate,
          createdAt: websites.createdAt,
        })),
      );
    });

    const author = { userId: uid('demo'), username: 'demo', firstName: 'Dana', lastName: 'Whitfield' };
    const changeRows: (typeof websiteChanges.$inferInsert)[] = [];
    for (const site of inserted.filter((_s, i) => i % 4 === 0)) {
      const at = (days: number) => new Date(site.createdAt.getTime() + days * 86_400_000);
      const entry = (days: number, description: string, changes: FieldChange[]) =>
        changeRows.push({
          websiteId: site.id,
          vendorId: site.vendorId,
          createdAt: at(days),
          description,
          changes,
          ...author,
        });
      entry(0, 'Website created', [
        { path: ['status'], from: null, to: 'Pending Activation' },
        { path: ['startDate'], from: null, to: site.startDate },
      ]);
      if (site.status !== 'Pending Activation') {
        entry(3, 'Status changed', [{ path: ['status'], from: 'Pending Activation', to: 'Active' }]);
      }
      if (site.status === 'Pending Termination' || site.status === 'Inactive') {
        entry(30, 'Termination requested', [
          { path: ['status'], from: 'Active', to: 'Pending Termination' },
          { path: ['termDate'], from: '0001-01-01', to: site.termDate },
        ]);
      }
      if (site.status === 'Inactive') {
        entry(60, 'Status changed', [{ path: ['status'], from: 'Pending Termination', to: 'Inactive' }]);
      }
    }
    await insertChunked(changeRows, 500, (c) => tx.insert(websiteChanges).values(c));
  });
}
