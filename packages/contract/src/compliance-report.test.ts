import { describe, expect, it } from 'vitest';
import {
  ComplianceReportMessages,
  complianceReportFileName,
  complianceReportQuerySchema,
  passRate,
  passRateText,
} from './compliance-report.ts';

describe('pass rates', () => {
  it.each([
    [0, 0, null],
    [3, 0, null],
    [0, 4, 0],
    [4, 4, 1],
    [1, 3, 0.3333],
    [2, 3, 0.6667],
    [987, 1000, 0.987],
  ])('%i of %i is %s', (part, whole, rate) => {
    expect(passRate(part, whole)).toBe(rate);
  });

  it.each([
    [null, 'N/A'],
    [0, '0%'],
    [1, '100%'],
    [0.5, '50%'],
    [0.3333, '33.3%'],
    [0.98765, '98.8%'],
    [0.9995, '100%'],
  ])('%s reads %s', (rate, text) => {
    expect(passRateText(rate)).toBe(text);
  });
});

describe('the query', () => {
  it('reads ids of a vendor and a product, both optional', () => {
    expect(complianceReportQuerySchema.parse({})).toEqual({});
    expect(complianceReportQuerySchema.parse({ vendor: '12', product: '3' })).toEqual({
      vendor: 12,
      product: 3,
    });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '', '1e3x'])(
    'refuses the vendor %j, saying why',
    (vendor) => {
      const result = complianceReportQuerySchema.safeParse({ vendor });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ComplianceReportMessages.vendorInvalid);
    },
  );

  it('refuses a product it cannot read, saying why', () => {
    const result = complianceReportQuerySchema.safeParse({ product: 'VOW' });
    expect(result.error?.issues[0]?.message).toBe(ComplianceReportMessages.productInvalid);
  });
});

describe('the download', () => {
  it('is named after the day, and the vendor when narrowed to one', () => {
    expect(complianceReportFileName('2026-06-15')).toBe('compliance-2026-06-15.xlsx');
    expect(complianceReportFileName('2026-06-15', 'SWS-W')).toBe('compliance-SWS-W-2026-06-15.xlsx');
    expect(complianceReportFileName('2026-06-15', 'A/B C')).toBe('compliance-ABC-2026-06-15.xlsx');
    expect(complianceReportFileName('2026-06-15', null)).toBe('compliance-2026-06-15.xlsx');
  });
});
