import {
  COMPLIANCE_RULE_LABELS,
  countOf,
  formatCount,
  type LinkedAccount,
  type OverdueFinding,
} from '@vp/contract';
import { Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { DomainName } from '../../../components/domain-name.tsx';
import { SiteStatusBadge } from '../../../components/status-badge.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useScrollRegion } from '../../../hooks/use-scroll-region.ts';
import { websiteSiteLink } from '../../../lib/website-links.ts';
import { useActiveAccounts, useSwitchVendor } from '../../profile/index.ts';
import { dayText } from '../report-text.ts';

/**
 * The findings past their fix-by date, most overdue first. Each links to the approval queue, where
 * staff decide on it (an Active site's, among the queue's compliance items; a site whose licence is
 * ending, by its termination), and to the website itself, opened as its vendor.
 */

/** Where staff decide on an overdue finding: the queue, narrowed to the site. */
export function queueLinkOf(f: OverdueFinding): string {
  const params = new URLSearchParams();
  if (f.siteStatus === 'Active') params.set('kind', 'compliance');
  params.set('search', f.domain);
  return `/admin/queue?${params}`;
}

/** The website, opened in the Websites page as its vendor (the console acts for one vendor at a time). */
function SiteLink({ finding }: { finding: OverdueFinding }) {
  const { current } = useActiveAccounts();
  const switchVendor = useSwitchVendor();
  const vendor: LinkedAccount = {
    rowKey: finding.vendor.id,
    licensee: finding.vendor.name,
    vendorCode: finding.vendor.code,
    status: true,
    isPrimary: false,
  };
  return (
    <Link
      to={websiteSiteLink(finding.websiteId)}
      className="vp-cr-site-link"
      aria-label={`Open ${finding.domain}`}
      onClick={() => {
        if (current?.rowKey !== finding.vendor.id) switchVendor(vendor);
      }}
    >
      <DomainName domain={finding.domain} />
    </Link>
  );
}

function QueueLink({ finding }: { finding: OverdueFinding }) {
  return (
    <Link to={queueLinkOf(finding)} aria-label={`Decide on ${finding.domain} in the approval queue`}>
      Open in the queue
    </Link>
  );
}

const daysText = (n: number) => countOf(n, 'day');

export function OverdueList({ items }: { items: readonly OverdueFinding[] }) {
  const wide = useIsWide();
  // A phone's cards are tall: fewer to a page.
  const pageSize = wide ? 20 : 10;
  const region = useScrollRegion<HTMLDivElement>('Overdue findings');
  const columns: NonNullable<TableProps<OverdueFinding>['columns']> = wide
    ? [
        {
          title: 'Website',
          key: 'site',
          className: 'vp-cr-site-cell',
          render: (_, f) => (
            <span className="vp-cr-site">
              <SiteLink finding={f} />
              {f.siteStatus !== 'Active' && <SiteStatusBadge status={f.siteStatus} />}
            </span>
          ),
        },
        {
          title: 'Vendor',
          key: 'vendor',
          render: (_, f) => (
            <span>
              {f.vendor.name} <span className="vp-muted">({f.vendor.code})</span>
            </span>
          ),
        },
        { title: 'Rule', key: 'rule', render: (_, f) => COMPLIANCE_RULE_LABELS[f.kind] },
        { title: 'Reason', key: 'reason', className: 'vp-cr-reason-cell', render: (_, f) => f.reason },
        { title: 'Due', key: 'due', render: (_, f) => dayText(f.dueOn) },
        {
          title: 'Overdue',
          key: 'days',
          align: 'right',
          render: (_, f) => <strong className="vp-cr-attention">{daysText(f.daysOverdue)}</strong>,
        },
        { title: 'Decision', key: 'queue', render: (_, f) => <QueueLink finding={f} /> },
      ]
    : [
        {
          title: 'Finding',
          key: 'finding',
          render: (_, f) => (
            <div className="vp-cr-card" data-testid="overdue-card">
              <span className="vp-cr-card-title vp-cr-site">
                <SiteLink finding={f} />
                {f.siteStatus !== 'Active' && <SiteStatusBadge status={f.siteStatus} />}
              </span>
              <span className="vp-cr-card-meta">
                <span>
                  {f.vendor.name} ({f.vendor.code})
                </span>
                <span>{COMPLIANCE_RULE_LABELS[f.kind]}</span>
              </span>
              <span>{f.reason}</span>
              <span className="vp-cr-card-meta">
                <span>Due {dayText(f.dueOn)}</span>
                <strong className="vp-cr-attention">{daysText(f.daysOverdue)} overdue</strong>
                <QueueLink finding={f} />
              </span>
            </div>
          ),
        },
      ];
  return (
    <div ref={region}>
      <Table<OverdueFinding>
        className="vp-cr-table vp-cr-overdue"
        data-testid="overdue-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...items]}
        pagination={
          items.length > pageSize
            ? {
                pageSize,
                showSizeChanger: false,
                size: 'small',
                showTotal: (n) => `${formatCount(n)} listed`,
              }
            : false
        }
        tableLayout={wide ? 'auto' : undefined}
        // Narrower than this (a tablet), the table scrolls within its card.
        scroll={wide ? { x: 960 } : undefined}
      />
    </div>
  );
}
