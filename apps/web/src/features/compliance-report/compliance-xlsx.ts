import {
  COMPLIANCE_RULE_LABELS,
  SITE_STATUS_DISPLAY,
  complianceReportFileName,
  type ComplianceReport,
} from '@vp/contract';
import writeXlsxFile, { type Cell, type Row, type Sheet } from 'write-excel-file/browser';

/**
 * The compliance report as a workbook: a sheet each for the vendors, the rules, the overdue
 * findings and the days of the trend. Days are date cells and pass rates percentages, so a
 * spreadsheet sorts and charts them. Loaded when the download is asked for, not with the page.
 */

const DATE_FORMAT = 'mm/dd/yyyy';
const RATE_FORMAT = '0.0%';

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });
const count = (value: number): Cell => ({ value, type: Number });
const rate = (value: number | null): Cell =>
  value === null ? null : { value, type: Number, format: RATE_FORMAT };
/** A yyyy-mm-dd day as a date cell (midnight UTC is the day itself to the spreadsheet). */
const day = (value: string): Cell => ({
  value: new Date(`${value}T00:00:00Z`),
  type: Date,
  format: DATE_FORMAT,
});

export function vendorsSheet(report: ComplianceReport): Row[] {
  const header = [
    'Vendor',
    'Code',
    'Sites checked',
    'Passing',
    'Failing',
    'Could not be read',
    'Pass rate',
    'Open findings',
    'Overdue findings',
  ].map(bold);
  return [
    header,
    ...report.vendors.map((v): Row => [
      v.name,
      v.code,
      count(v.sitesChecked),
      count(v.passing),
      count(v.failing),
      count(v.unknown),
      rate(v.passRate),
      count(v.openFindings),
      count(v.overdueFindings),
    ]),
  ];
}

export function rulesSheet(report: ComplianceReport): Row[] {
  const header = [
    'Rule',
    'Results',
    'Pass',
    'Fail',
    'Could not be read',
    'Pass rate',
    'Open findings',
    'Overdue findings',
  ].map(bold);
  return [
    header,
    ...report.rules.map((r): Row => [
      COMPLIANCE_RULE_LABELS[r.kind],
      count(r.checks),
      count(r.pass),
      count(r.fail),
      count(r.unknown),
      rate(r.passRate),
      count(r.openFindings),
      count(r.overdueFindings),
    ]),
  ];
}

export function overdueSheet(report: ComplianceReport): Row[] {
  const header = ['Website', 'Status', 'Vendor', 'Code', 'Rule', 'Reason', 'Due', 'Days overdue'].map(bold);
  const rows = report.overdue.items.map((f): Row => [
    f.domain,
    SITE_STATUS_DISPLAY[f.siteStatus] ?? f.siteStatus,
    f.vendor.name,
    f.vendor.code,
    COMPLIANCE_RULE_LABELS[f.kind],
    f.reason,
    day(f.dueOn),
    count(f.daysOverdue),
  ]);
  const shown = report.overdue.items.length;
  const rest: Row[] =
    report.overdue.total > shown
      ? [[], [`The ${shown} most overdue of ${report.overdue.total} overdue findings.`]]
      : [];
  return [header, ...rows, ...rest];
}

export function trendSheet(report: ComplianceReport): Row[] {
  const header = [
    'Day',
    'Sites checked',
    'Passing',
    'Failing',
    'Could not be read',
    'Pass rate',
    'Findings opened',
    'Findings resolved',
  ].map(bold);
  return [
    header,
    ...report.trend.map((d): Row => [
      day(d.day),
      count(d.sitesChecked),
      count(d.passing),
      count(d.failing),
      count(d.unknown),
      rate(d.passRate),
      count(d.findingsOpened),
      count(d.findingsResolved),
    ]),
  ];
}

const widths = (...w: number[]) => w.map((width) => ({ width }));

export function complianceSheets(report: ComplianceReport): Sheet<File | Blob | ArrayBuffer>[] {
  return [
    {
      sheet: 'Vendors',
      data: vendorsSheet(report),
      columns: widths(32, 10, 14, 10, 10, 18, 11, 14, 16),
      stickyRowsCount: 1,
    },
    {
      sheet: 'Rules',
      data: rulesSheet(report),
      columns: widths(32, 10, 10, 10, 18, 11, 14, 16),
      stickyRowsCount: 1,
    },
    {
      sheet: 'Overdue findings',
      data: overdueSheet(report),
      columns: widths(36, 20, 28, 10, 28, 60, 12, 13),
      stickyRowsCount: 1,
    },
    {
      sheet: 'Trend',
      data: trendSheet(report),
      columns: widths(12, 14, 10, 10, 18, 11, 16, 18),
      stickyRowsCount: 1,
    },
  ];
}

/** Writes the workbook and hands it to the browser; answers its file name. */
export async function downloadComplianceReport(report: ComplianceReport): Promise<string> {
  const vendor =
    report.vendorId === null ? null : report.choices.vendors.find((v) => v.id === report.vendorId);
  const fileName = complianceReportFileName(report.today, vendor?.code);
  await writeXlsxFile(complianceSheets(report)).toFile(fileName);
  return fileName;
}
