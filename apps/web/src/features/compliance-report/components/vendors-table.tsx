import { countOf, formatCount, passRateText, type ComplianceVendorRow } from '@vp/contract';
import { Button, Table, type TableProps } from 'antd';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useScrollRegion } from '../../../hooks/use-scroll-region.ts';
import { AttentionCount, PassRate } from './pass-rate.tsx';

/** A pass rate for sorting: none (nothing checked) after every rate, whichever way. */
const byRate = (a: number | null, b: number | null) => (a ?? 2) - (b ?? 2);
const byNumber =
  (key: 'sitesChecked' | 'failing' | 'unknown' | 'openFindings' | 'overdueFindings') =>
  (a: ComplianceVendorRow, b: ComplianceVendorRow) =>
    a[key] - b[key];

/**
 * Each vendor's pass rate and findings, sortable by any figure. A vendor's name narrows the whole
 * report to it. On a phone each vendor is a card.
 */
export function VendorsTable({
  vendors,
  onChoose,
}: {
  vendors: readonly ComplianceVendorRow[];
  /** Narrows the report to a vendor; absent once it is narrowed. */
  onChoose?: (vendorId: number) => void;
}) {
  const wide = useIsWide();
  const region = useScrollRegion<HTMLDivElement>('Pass rate per vendor');
  const name = (v: ComplianceVendorRow) =>
    onChoose ? (
      <Button
        type="link"
        className="vp-cr-vendor-link"
        onClick={() => onChoose(v.id)}
        aria-label={`Show only ${v.name} (${v.code})`}
      >
        {v.name}
      </Button>
    ) : (
      <span>{v.name}</span>
    );

  const columns: NonNullable<TableProps<ComplianceVendorRow>['columns']> = wide
    ? [
        {
          title: 'Vendor',
          key: 'vendor',
          className: 'vp-cr-vendor-cell',
          sorter: (a, b) => a.name.localeCompare(b.name),
          render: (_, v) => (
            <span className="vp-cr-vendor">
              {name(v)} <span className="vp-muted">({v.code})</span>
            </span>
          ),
        },
        {
          title: 'Sites checked',
          key: 'sitesChecked',
          align: 'right',
          sorter: byNumber('sitesChecked'),
          render: (_, v) => formatCount(v.sitesChecked),
        },
        { title: 'Passing', key: 'passing', align: 'right', render: (_, v) => formatCount(v.passing) },
        {
          title: 'Failing',
          key: 'failing',
          align: 'right',
          sorter: byNumber('failing'),
          render: (_, v) => formatCount(v.failing),
        },
        {
          title: 'Could not be read',
          key: 'unknown',
          align: 'right',
          sorter: byNumber('unknown'),
          render: (_, v) => formatCount(v.unknown),
        },
        {
          title: 'Pass rate',
          key: 'passRate',
          sorter: (a, b) => byRate(a.passRate, b.passRate),
          render: (_, v) => <PassRate rate={v.passRate} />,
        },
        {
          title: 'Open findings',
          key: 'openFindings',
          align: 'right',
          sorter: byNumber('openFindings'),
          render: (_, v) => formatCount(v.openFindings),
        },
        {
          title: 'Overdue',
          key: 'overdueFindings',
          align: 'right',
          sorter: byNumber('overdueFindings'),
          render: (_, v) => <AttentionCount n={v.overdueFindings} />,
        },
      ]
    : [
        {
          title: 'Vendor, by pass rate',
          key: 'vendor',
          sorter: (a, b) => byRate(a.passRate, b.passRate),
          render: (_, v) => (
            <div className="vp-cr-card" data-testid="vendor-card">
              <span className="vp-cr-card-title">
                {name(v)} <span className="vp-muted">({v.code})</span>
              </span>
              <span className="vp-cr-card-meta">
                <span>
                  <strong>{passRateText(v.passRate)}</strong> passing
                </span>
                <span>{countOf(v.sitesChecked, 'site')} checked</span>
                <span>{formatCount(v.failing)} failing</span>
                {v.unknown > 0 && <span>{formatCount(v.unknown)} could not be read</span>}
              </span>
              <span className="vp-cr-card-meta">
                <span>{countOf(v.openFindings, 'open finding')}</span>
                <span className={v.overdueFindings > 0 ? 'vp-cr-attention' : undefined}>
                  {formatCount(v.overdueFindings)} overdue
                </span>
              </span>
            </div>
          ),
        },
      ];

  return (
    <div ref={region}>
      <Table<ComplianceVendorRow>
        className="vp-cr-table"
        data-testid="vendors-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...vendors]}
        pagination={vendors.length > 50 ? { pageSize: 50, showSizeChanger: false, size: 'small' } : false}
        scroll={wide ? { x: 'max-content' } : undefined}
        showSorterTooltip={false}
      />
    </div>
  );
}
