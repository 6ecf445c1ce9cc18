import { describe, expect, it } from 'vitest';
import { changeLabel, changeValue, historyDate, historyUser, historyValue } from './history-format.ts';

describe('history formatting', () => {
  it('0001-01-01 reads Not Available, as a date or a value', () => {
    expect(historyDate('0001-01-01')).toBe('Not Available');
    expect(historyDate('0001-01-01T00:00:00Z')).toBe('Not Available');
    expect(historyValue('0001-01-01')).toBe('Not Available');
  });

  it('dates read MM/DD/YYYY; empty values N/A; lists joined', () => {
    expect(historyDate('2026-03-04')).toBe('03/04/2026');
    expect(historyValue('2026-12-31')).toBe('12/31/2026');
    expect(historyValue(null)).toBe('N/A');
    expect(historyValue('')).toBe('N/A');
    expect(historyValue([1, 2])).toBe('1, 2');
    expect(historyValue('Pending Activation')).toBe('Pending Activation');
  });

  it('names the user by username, first and last name', () => {
    expect(historyUser({ username: 'demo', firstName: 'Dana', lastName: 'Demo' })).toBe('demo (Dana Demo)');
    expect(historyUser({ username: 'demo', firstName: '', lastName: '' })).toBe('demo');
  });

  it('labels fields as people name them, and marks the values of a request as requested', () => {
    expect(changeLabel('website.updated', ['memberNumber'])).toBe('Agent');
    expect(changeLabel('website.updated', ['domainName'])).toBe('Domain');
    expect(changeLabel('website.domain_change_requested', ['domainName'])).toBe('Domain (requested)');
    expect(changeLabel('website.domain_change_requested', ['reason'])).toBe('Reason');
    expect(changeLabel('website.termination_requested', ['status'])).toBe('Status');
  });

  it('shows statuses by their display names, from old entries too', () => {
    expect(changeValue(['status'], 'Pending Activation')).toBe('Active (Pending)');
    expect(changeValue(['status'], 'Pending Termination')).toBe('Inactive (Pending)');
    expect(changeValue(['status'], 'Active (Pending)')).toBe('Active (Pending)');
    expect(changeValue(['dba'], 'Pending Activation')).toBe('Pending Activation');
  });
});
