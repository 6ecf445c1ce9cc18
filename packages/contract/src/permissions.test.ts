import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import {
  canRequestTermination,
  canWithdrawTermination,
  canWrite,
  isAgentEditable,
  isStatusChangeAllowed,
  statusChangeRefusal,
  isTeamEditable,
} from './permissions.ts';
import { WebsiteMessages, canDelete, statusOptions } from './website-rules.ts';
import { SITE_STATUSES, type SiteStatus } from './status.ts';

const PA: SiteStatus = 'Pending Activation';
const PT: SiteStatus = 'Pending Termination';

describe('canWrite', () => {
  it.each([
    ['admin', true],
    ['vendor', true],
    ['viewer', false],
  ] as [Role, boolean][])('%s → %s', (role, expected) => {
    expect(canWrite(role)).toBe(expected);
  });
});

describe('isStatusChangeAllowed: status × status × role × activated × SAF', () => {
  // [from, to, vendor, admin without a counting SAF, admin with one]; the answer is the same
  // whether the site was ever Active, except where the activated column says otherwise.
  type Row = [SiteStatus, SiteStatus, boolean, boolean, boolean];
  const table: Row[] = [
    [PA, PA, true, true, true],
    // Staff moving a site straight to Pending Termination activate it: only on a signed form.
    [PA, PT, true, false, true],
    [PA, 'Active', false, false, true],
    [PA, 'Inactive', false, true, true],
    [PT, PA, true, true, true],
    [PT, PT, true, true, true],
    [PT, 'Active', false, false, true],
    [PT, 'Inactive', false, true, true],
    ['Active', PA, false, false, false],
    ['Active', PT, true, true, true],
    ['Active', 'Active', true, true, true],
    ['Active', 'Inactive', false, true, true],
    ['Inactive', PA, true, true, true],
    ['Inactive', PT, false, false, false],
    ['Inactive', 'Active', false, false, true],
    ['Inactive', 'Inactive', true, true, true],
  ];
  it('covers every pair', () => {
    expect(table).toHaveLength(SITE_STATUSES.length ** 2);
  });
  const cases = table.flatMap(([from, to, vendor, admin, adminSaf]) =>
    [false, true].map((activated) => [from, to, activated, vendor, admin, adminSaf] as const),
  );
  it.each(cases)(
    '%s → %s (activated %s): vendor %s, admin %s, admin with a SAF %s',
    (from, to, activated, vendor, admin, adminSaf) => {
      // A once-Active site in Pending Termination returns to Active without a new form: that
      // withdraws its termination.
      const returning = from === PT && to === 'Active' && activated;
      for (const safSigned of [false, true]) {
        const site = { activated, safSigned };
        expect(isStatusChangeAllowed(from, to, 'vendor', site)).toBe(vendor);
        expect(isStatusChangeAllowed(from, to, 'admin', site)).toBe(
          safSigned || returning ? adminSaf : admin,
        );
        expect(isStatusChangeAllowed(from, to, 'viewer', site)).toBe(from === to);
      }
    },
  );

  it('says why an activation is refused', () => {
    const noSaf = { activated: false, safSigned: false };
    expect(statusChangeRefusal(PA, 'Active', 'admin', noSaf)).toBe(WebsiteMessages.activationNeedsSaf);
    expect(statusChangeRefusal('Inactive', 'Active', 'admin', { activated: true, safSigned: false })).toBe(
      WebsiteMessages.activationNeedsSaf,
    );
    expect(statusChangeRefusal(PA, 'Active', 'vendor', { activated: false, safSigned: true })).toBe(
      WebsiteMessages.statusNotAllowed,
    );
    expect(statusChangeRefusal(PA, 'Active', 'admin', { activated: false, safSigned: true })).toBeNull();
  });
});

describe('isAgentEditable', () => {
  const statuses: (SiteStatus | null)[] = [null, ...SITE_STATUSES];
  const vendorEditable = new Set<SiteStatus | null>([null, PA]);
  it.each(statuses)('saved status %s', (status) => {
    expect(isAgentEditable(status, 'vendor')).toBe(vendorEditable.has(status));
    expect(isAgentEditable(status, 'admin')).toBe(true);
    expect(isAgentEditable(status, 'viewer')).toBe(false);
  });
  it.each(['Inactive', PT] as SiteStatus[])('opens with a new licensing round from %s', (saved) => {
    expect(isAgentEditable(saved, 'vendor', PA)).toBe(true);
    expect(isAgentEditable(saved, 'viewer', PA)).toBe(false);
  });
});

describe('isTeamEditable', () => {
  it.each(SITE_STATUSES)('saved status %s', (status) => {
    expect(isTeamEditable(status, 'vendor')).toBe(status !== 'Inactive');
    expect(isTeamEditable(status, 'admin')).toBe(true);
    expect(isTeamEditable(status, 'viewer')).toBe(false);
  });
});

describe('canRequestTermination', () => {
  it.each([null, ...SITE_STATUSES])('saved status %s', (status) => {
    for (const role of ROLES) {
      expect(canRequestTermination(status, role)).toBe(status === 'Active' && role !== 'viewer');
    }
  });
});

describe('a site that was ever Active', () => {
  it.each(ROLES)('starts a new licensing round from Inactive or Pending Termination (%s)', (role) => {
    const site = { activated: true, safSigned: false };
    expect(isStatusChangeAllowed('Inactive', PA, role, site)).toBe(role !== 'viewer');
    expect(isStatusChangeAllowed(PT, PA, role, site)).toBe(role !== 'viewer');
    expect(isStatusChangeAllowed('Active', PA, role, site)).toBe(false);
    expect(statusOptions('Inactive')).toEqual([PA]);
    expect(statusOptions(PT)).toContain(PA);
  });

  it('is never deleted', () => {
    expect(canDelete('Pending Activation', false)).toBe(true);
    expect(canDelete('Pending Activation', true)).toBe(false);
  });

  it.each([null, ...SITE_STATUSES])(
    'withdraws a termination only from Pending Termination (saved %s)',
    (status) => {
      for (const role of ROLES) {
        for (const activated of [true, false]) {
          expect(canWithdrawTermination(status, activated, role)).toBe(
            status === 'Pending Termination' && activated && role !== 'viewer',
          );
        }
      }
    },
  );
});
