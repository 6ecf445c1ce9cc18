import { describe, expect, it } from 'vitest';
import { historyDate, historyUser, historyValue } from './history-format.ts';

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
});
