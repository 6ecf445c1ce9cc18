import { DownloadOutlined } from '@ant-design/icons';
import {
  ReportMessages,
  type BillableSitesReport,
  type BillableVendor,
  type ReportRange,
} from '@vp/contract';
import { Button, Table, type TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useBillableSites } from '../api.ts';
import { countText, monthLabel } from '../format.ts';
import { BillableChart } from './charts.tsx';
import { useScrollRegion } from '../use-scroll-region.ts';
import { ReportCard } from '../../../components/report-card.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

/** Billable sites per vendor per month: the chart of all vendors, the table by vendor, the workbook. */
export function BillableReport({ range }: { range: ReportRange }) {
  const query = useBillableSites(range);
  const report = query.data;
  const [downloading, setDownloading] = useState(false);

  async function download(data: BillableSitesReport) {
    setDownloading(true);
    try {
      const { downloadBillable } = await import('../billable-xlsx.ts');
      const fileName = await downloadBillable(data);
      void toast('success', `${fileName} downloaded`);
    } catch (err) {
      void toast('error', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  }

  const tools = (
    <Button
      icon={<DownloadOutlined />}
      disabled={!report || query.isPlaceholderData}
      loading={downloading}
      onClick={() => report && void download(report)}
    >
      Download xlsx
    </Button>
  );

  return (
    <ReportCard
      id="report-billable"
      title={ReportMessages.billableTitle}
      note={ReportMessages.billableNote}
      tools={tools}
    >
      {query.isError && !report ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !report ? (
        <LoadingState label="Loading billable sites" rows={6} />
      ) : report.vendors.length === 0 ? (
        <EmptyState title={ReportMessages.billableEmpty} />
      ) : (
        <div aria-busy={query.isPlaceholderData}>
          <BillableChart report={report} />
          <BillableTable report={report} />
        </div>
      )}
    </ReportCard>
  );
}

function BillableTable({ report }: { report: BillableSitesReport }) {
  const region = useScrollRegion<HTMLDivElement>('Billable sites per vendor, by month');
  const wide = useIsWide();
  // The latest months matter most: a table wider than its card opens scrolled to its end, the
  // current month beside the pinned total, and the earlier months a scroll to the left.
  const monthsKey = report.months.join();
  useEffect(() => {
    const box = region.current?.querySelector<HTMLElement>('.ant-table-content');
    if (box) box.scrollLeft = box.scrollWidth;
  }, [monthsKey, region]);
  const columns: NonNullable<TableProps<BillableVendor>['columns']> = [
    {
      title: 'Vendor',
      key: 'vendor',
      fixed: 'left',
      className: 'vp-report-vendor-cell',
      render: (_, v) => (
        <span className="vp-report-vendor">
          <span>{v.name}</span> <span className="vp-muted">({v.code})</span>
        </span>
      ),
    },
    ...report.months.map((month, i) => ({
      title: monthLabel(month),
      key: month,
      align: 'right' as const,
      render: (_: unknown, v: BillableVendor) => countText(v.sites[i] ?? 0),
    })),
    {
      title: 'Site-months',
      key: 'siteMonths',
      align: 'right',
      // On a wide screen the total stays in sight while the months scroll; a phone keeps its width for them.
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_, v) => <strong>{countText(v.siteMonths)}</strong>,
    },
  ];
  return (
    <div ref={region}>
      <Table<BillableVendor>
        className="vp-report-table"
        data-testid="billable-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={report.vendors}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row className="vp-report-total">
              <Table.Summary.Cell index={0}>All vendors</Table.Summary.Cell>
              {report.totals.sites.map((n, i) => (
                <Table.Summary.Cell key={report.months[i]} index={i + 1} align="right">
                  {countText(n)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={report.months.length + 1} align="right">
                {countText(report.totals.siteMonths)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
