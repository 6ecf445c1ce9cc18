import {
  ReportMessages,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_SORT_ORDER,
  type ProductStatusRow,
  type SitesByProductReport,
} from '@vp/contract';
import { Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSitesByProduct } from '../api.ts';
import { countText } from '../format.ts';
import { ProductsChart } from './charts.tsx';
import { useScrollRegion } from '../use-scroll-region.ts';
import { ReportCard } from '../../../components/report-card.tsx';

/** Websites today by product and status. */
export function ProductsReport() {
  const query = useSitesByProduct();
  const report = query.data;
  const note = report
    ? `${ReportMessages.productsNote} As of ${dayjs(report.asOf).format('MM/DD/YYYY h:mm A')}.`
    : ReportMessages.productsNote;
  return (
    <ReportCard id="report-products" title={ReportMessages.productsTitle} note={note}>
      {query.isError && !report ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !report ? (
        <LoadingState label="Loading sites by product" rows={4} />
      ) : report.totals.total === 0 ? (
        <EmptyState title={ReportMessages.productsEmpty} />
      ) : (
        <>
          <ProductsChart report={report} />
          <ProductsTable report={report} />
        </>
      )}
    </ReportCard>
  );
}

function ProductsTable({ report }: { report: SitesByProductReport }) {
  const region = useScrollRegion<HTMLDivElement>('Sites by product and status');
  const columns: NonNullable<TableProps<ProductStatusRow>['columns']> = [
    { title: 'Product', key: 'product', fixed: 'left', render: (_, row) => row.product },
    ...SITE_STATUS_SORT_ORDER.map((status) => ({
      title: SITE_STATUS_DISPLAY[status],
      key: status,
      align: 'right' as const,
      render: (_: unknown, row: ProductStatusRow) => countText(row.counts[status]),
    })),
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      render: (_, row) => <strong>{countText(row.total)}</strong>,
    },
  ];
  return (
    <div ref={region}>
      <Table<ProductStatusRow>
        className="vp-report-table"
        data-testid="products-table"
        size="small"
        rowKey={(row) => String(row.productId ?? 'none')}
        columns={columns}
        dataSource={report.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row className="vp-report-total">
              <Table.Summary.Cell index={0}>All websites</Table.Summary.Cell>
              {SITE_STATUS_SORT_ORDER.map((status, i) => (
                <Table.Summary.Cell key={status} index={i + 1} align="right">
                  {countText(report.totals.counts[status])}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={SITE_STATUS_SORT_ORDER.length + 1} align="right">
                {countText(report.totals.total)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
