import { billableFileName, type BillableSitesReport } from '@vp/contract';
import writeXlsxFile, { type Row } from 'write-excel-file/browser';

/**
 * The billable sites report as a workbook: a row per vendor with its sites per month and its
 * site-months, and the totals under them. Loaded when the download is asked for, not with the page.
 */
export function billableSheet(report: BillableSitesReport): Row[] {
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const header: Row = [bold('Vendor'), bold('Code'), ...report.months.map(bold), bold('Site-months')];
  const rows: Row[] = report.vendors.map((v) => [
    v.name,
    v.code,
    ...v.sites.map((n) => ({ value: n, type: Number })),
    { value: v.siteMonths, type: Number },
  ]);
  const totals: Row = [
    bold('All vendors'),
    null,
    ...report.totals.sites.map((n) => ({ value: n, type: Number, fontWeight: 'bold' as const })),
    { value: report.totals.siteMonths, type: Number, fontWeight: 'bold' as const },
  ];
  return [header, ...rows, totals];
}

export async function downloadBillable(report: BillableSitesReport): Promise<string> {
  const fileName = billableFileName(report);
  await writeXlsxFile(billableSheet(report), {
    sheet: 'Billable sites',
    stickyRowsCount: 1,
    columns: [{ width: 32 }, { width: 10 }, ...report.months.map(() => ({ width: 10 })), { width: 12 }],
  }).toFile(fileName);
  return fileName;
}
