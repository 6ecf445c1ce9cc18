import { SITE_STATUSES, type SiteStatus } from '@vp/contract';
import type { FieldChange, websiteChanges, websites } from '../schema.ts';
import { PLACES, slug } from './names.ts';
import { BASE_DAY, DAY_MS, dayOffset, type Rng } from './random.ts';
import type { MemberRow } from './roster.ts';

/** The demo websites of each vendor, in every status, and the change history of some of them. */

export const PRODUCTS = [
  { id: 1, name: 'IDX Website' },
  { id: 2, name: 'IDX Team Website' },
  { id: 3, name: 'VOW Website' },
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

type WebsiteRow = typeof websites.$inferInsert;

type SiteCounts = Record<SiteStatus, number>;

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
        BASE_DAY + (status === 'Pending Activation' ? -rng.int(0, 20) : start) * DAY_MS,
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
        // A termination was asked for in the last days (it waits in the MLS's approval queue).
        updatedAt:
          status === 'Pending Termination' ? new Date(BASE_DAY - (domain.length % 10) * DAY_MS) : created,
      });
    }
  }
  return rows;
}

/** A stored site, as the history needs it. */
export interface SeededSite {
  id: number;
  vendorId: number;
  status: SiteStatus;
  startDate: string | null;
  termDate: string | null;
  createdAt: Date;
}

export interface Author {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
}

/** The change log every fourth site would have gathered on its way to its current status. */
export function buildHistory(
  sites: readonly SeededSite[],
  author: Author,
): (typeof websiteChanges.$inferInsert)[] {
  const changeRows: (typeof websiteChanges.$inferInsert)[] = [];
  for (const site of sites.filter((_s, i) => i % 4 === 0)) {
    const at = (days: number) => new Date(site.createdAt.getTime() + days * DAY_MS);
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
  return changeRows;
}

/** Each demo vendor's sites; only the main account licenses reciprocal agents. */
export function demoWebsites(
  rng: Rng,
  vendorIds: { summit: number; west: number; harbor: number },
  localAgents: readonly MemberRow[],
  reciprocalAgents: readonly MemberRow[],
): WebsiteRow[] {
  const used = new Set<string>();
  return [
    ...buildWebsites(
      rng,
      vendorIds.summit,
      { Active: 72, 'Pending Activation': 24, 'Pending Termination': 14, Inactive: 20 },
      localAgents,
      reciprocalAgents,
      used,
    ),
    ...buildWebsites(
      rng,
      vendorIds.west,
      { Active: 14, 'Pending Activation': 5, 'Pending Termination': 2, Inactive: 4 },
      localAgents,
      [],
      used,
    ),
    ...buildWebsites(
      rng,
      vendorIds.harbor,
      { Active: 11, 'Pending Activation': 4, 'Pending Termination': 2, Inactive: 3 },
      localAgents,
      [],
      used,
    ),
  ];
}
