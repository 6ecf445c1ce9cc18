import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from './audit.ts';
import { historyEntrySchema, historyFieldLabel, isRequestEntry } from './history.ts';

const entry = (kind: string) => ({
  date: '2026-03-04T10:00:00.000Z',
  kind,
  description: 'Website updated',
  user: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
  changes: [{ path: ['dba'], from: 'One', to: 'Two' }],
});

describe('History entries', () => {
  it.each(AUDIT_KINDS)('carry the kind %s', (kind) => {
    expect(historyEntrySchema.parse(entry(kind)).kind).toBe(kind);
  });

  it('refuse a kind outside the closed set, or none', () => {
    expect(historyEntrySchema.safeParse(entry('website.renamed')).success).toBe(false);
    const { kind: _kind, ...withoutKind } = entry('website.updated');
    expect(historyEntrySchema.safeParse(withoutKind).success).toBe(false);
  });

  it('name each kind once, by the thing and what happened to it', () => {
    expect(new Set(AUDIT_KINDS).size).toBe(AUDIT_KINDS.length);
    for (const kind of AUDIT_KINDS) expect(kind).toMatch(/^(website|team|document|saf)\.[a-z_]+$/);
  });
});

describe('History for people', () => {
  it.each([
    [['memberNumber'], 'Agent'],
    [['domainName'], 'Domain'],
    [['status'], 'Status'],
    [['products'], 'Product'],
    [['startDate'], 'Start Date'],
    [['termDate'], 'Term Date'],
    [['dba'], 'DBA'],
    [['reciprocal'], 'Reciprocal'],
    [['reason'], 'Reason'],
    [['team', 'memberIds'], 'Team members'],
    [['somethingNew'], 'somethingNew'],
  ])('labels %j as %s', (path, label) => {
    expect(historyFieldLabel(path)).toBe(label);
  });

  it('tells request entries from applied changes', () => {
    expect(AUDIT_KINDS.filter(isRequestEntry)).toEqual([
      'website.domain_change_requested',
      'website.agent_change_requested',
      'website.domain_change_withdrawn',
      'website.agent_change_withdrawn',
      'website.domain_change_declined',
      'website.agent_change_declined',
      'website.product_change_requested',
      'website.product_change_declined',
      'website.product_change_withdrawn',
      'website.team_change_requested',
      'website.team_change_declined',
      'website.team_change_withdrawn',
    ]);
    // Approved changes are applied: they read as changes, not as requests.
    expect(isRequestEntry('website.domain_change_approved')).toBe(false);
    expect(isRequestEntry('website.team_change_approved')).toBe(false);
  });
});
