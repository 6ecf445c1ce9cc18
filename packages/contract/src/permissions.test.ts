import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import {
  canRequestTermination,
  canWithdrawTermination,
  canWrite,
  isAgentEditable,
  isStatusChangeAllowed,
  isTeamEditable,
} from './permissions.ts';
import { canDelete, statusOptions } from './website-rules.ts';
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

describe('isStatusChangeAllowed: every status against every status, per role', () => {
  // [from, to, vendor, admin]; viewers may only "move" to the same status.
  const table: [SiteStatus, SiteStatus, boolean, boolean][] = [
    [PA, PA, true, true],
    [PA, PT, true, true],
    [PA, 'Active', false, true],
    [PA, 'Inactive', false, true],
    [PT, PA, true, true],
    [PT, PT, true, true],
    [PT, 'Active', false, true],
    [PT, 'Inactive', false, true],
    ['Active', PA, false, false],
    ['Active', PT, true, true],
    ['Active', 'Active', true, true],
    ['Active', 'Inactive', false, true],
    ['Inactive', PA, true, true],
    ['Inactive', PT, false, false],
    ['Inactive', 'Active', false, true],
    ['Inactive', 'Inactive', true, true],
  ];
  it('covers every pair', () => {
    expect(table).toHaveLength(SITE_STATUSES.length ** 2);
  });
  it.each(table)('%s → %s: vendor %s, admin %s', (from, to, vendor, admin) => {
    expect(isStatusChangeAllowed(from, to, 'vendor')).toBe(vendor);
    expect(isStatusChangeAllowed(from, to, 'admin')).toBe(admin);
    expect(isStatusChangeAllowed(from, to, 'viewer')).toBe(from === to);
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
  it.each(SITE_STATUSES)('never moves from %s back to Pending Activation, for any role', (from) => {
    for (const role of ROLES) {
      if (from !== 'Pending Activation')
        expect(isStatusChangeAllowed(from, 'Pending Activation', role, true)).toBe(false);
    }
    if (from !== 'Pending Activation') expect(statusOptions(from, true)).not.toContain('Pending Activation');
  });

  it('keeps the never-activated moves of the spec', () => {
    expect(isStatusChangeAllowed('Pending Termination', 'Pending Activation', 'vendor', false)).toBe(true);
    expect(isStatusChangeAllowed('Inactive', 'Pending Activation', 'vendor', false)).toBe(true);
    expect(isStatusChangeAllowed('Inactive', 'Pending Activation', 'vendor', true)).toBe(false);
    expect(statusOptions('Inactive', true)).toEqual(['Inactive']);
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
