import { Card, Col, Descriptions, Row, Skeleton, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/query-states.tsx';
import { useEndFirstPaint } from '../../../lib/first-paint.ts';
import { useMetadata } from '../api.ts';
import { figures, type Figure } from '../figures.ts';

function FigureCard({ figure }: { figure: Figure }) {
  const body: ReactNode = (
    <Card
      className={`vp-figure vp-tone-${figure.tone}`}
      hoverable={figure.to !== null}
      data-testid={`dashboard-card-${figure.key}`}
      data-tone={figure.tone}
    >
      <Statistic title={figure.label} value={figure.value} />
      {figure.detail && (
        <p className="vp-figure-detail" data-testid={`dashboard-detail-${figure.key}`}>
          {figure.detail}
        </p>
      )}
    </Card>
  );
  return figure.to ? (
    <Link to={figure.to} className="vp-figure-link">
      {body}
      <span className="vp-sr-only">{figure.linkHint ?? ' websites'}</span>
    </Link>
  ) : (
    body
  );
}

function yesNo(v: boolean): string {
  return v ? 'Yes' : 'No';
}

/** The page's shape while the figures load: the vendor card and the nine figure cards. */
function DashboardSkeleton() {
  return (
    <div className="vp-dashboard" aria-busy="true" data-testid="dashboard-loading">
      <span className="vp-sr-only" role="status">
        Loading the dashboard
      </span>
      <Card className="vp-vendor-card">
        <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 3 }} />
      </Card>
      <Row gutter={[16, 16]} className="vp-figures">
        {Array.from({ length: 9 }, (_, i) => (
          <Col key={i} xs={12} lg={8}>
            <Card className="vp-figure">
              <Skeleton active title={false} paragraph={{ rows: 2, width: ['60%', '30%'] }} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}

export default function DashboardPage() {
  const metadata = useMetadata();
  useEndFirstPaint(metadata.data !== undefined || metadata.isError);

  if (metadata.isError) {
    return (
      <Card data-testid="dashboard-error">
        <ErrorState
          title="The dashboard could not be loaded."
          error={metadata.error}
          onRetry={() => void metadata.refetch()}
        />
      </Card>
    );
  }
  if (!metadata.data) return <DashboardSkeleton />;
  const m = metadata.data;

  return (
    <div className="vp-dashboard">
      <Card className="vp-vendor-card">
        <h1 className="vp-page-title" data-testid="dashboard-vendor-name">
          {m.vendorName}
        </h1>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'code', label: 'Vendor code', children: m.vendorCode },
            { key: 'type', label: 'Vendor type', children: m.vendorType },
            { key: 'feed', label: 'Feed type', children: m.feedType || 'N/A' },
            { key: 'tech', label: 'Technical contact', children: m.technicalContact || 'N/A' },
            { key: 'billing', label: 'Billing contact', children: m.billingContact || 'N/A' },
            {
              key: 'roles',
              label: 'Data roles',
              children: (
                <>
                  {m.isProvider && <Tag>Provider</Tag>}
                  {m.isConsumer && <Tag>Consumer</Tag>}
                  {!m.isProvider && !m.isConsumer && 'N/A'}
                </>
              ),
            },
            { key: 'recip', label: 'Reciprocal agents allowed', children: yesNo(m.reciprocalAllowed) },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]} className="vp-figures">
        {figures(m).map((f) => (
          <Col key={f.key} xs={12} lg={8}>
            <FigureCard figure={f} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
