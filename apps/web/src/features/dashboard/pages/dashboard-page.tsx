import {
  METADATA_STATUS_FIELDS,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  type BadgeTone,
  type Metadata,
} from '@vp/contract';
import { Card, Col, Descriptions, Row, Skeleton, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http.ts';
import { useMetadata } from '../api.ts';
import { websitesFilterLink } from '../../../lib/website-links.ts';

interface Figure {
  key: string;
  label: string;
  value: number;
  tone: BadgeTone;
  to: string | null;
}

function figures(m: Metadata): Figure[] {
  return [
    { key: 'totalSites', label: 'Total sites', value: m.totalSites, tone: 'primary', to: null },
    ...METADATA_STATUS_FIELDS.map(({ field, status }) => ({
      key: field,
      label: SITE_STATUS_DISPLAY[status],
      value: m[field],
      tone: SITE_STATUS_TONE[status],
      to: websitesFilterLink(status),
    })),
    { key: 'subAccounts', label: 'Sub accounts', value: m.subAccounts, tone: 'info', to: null },
    { key: 'missingDocs', label: 'Missing documents', value: m.missingDocs, tone: 'warning', to: null },
    {
      key: 'missingSiteDocs',
      label: 'Sites missing documents',
      value: m.missingSiteDocs,
      tone: 'warning',
      to: null,
    },
  ];
}

function FigureCard({ figure }: { figure: Figure }) {
  const body: ReactNode = (
    <Card
      className={`vp-figure vp-tone-${figure.tone}`}
      hoverable={figure.to !== null}
      data-testid={`dashboard-card-${figure.key}`}
    >
      <Statistic title={figure.label} value={figure.value} />
    </Card>
  );
  return figure.to ? (
    <Link to={figure.to} className="vp-figure-link">
      {body}
      <span className="vp-sr-only"> websites</span>
    </Link>
  ) : (
    body
  );
}

function yesNo(v: boolean): string {
  return v ? 'Yes' : 'No';
}

export default function DashboardPage() {
  const metadata = useMetadata();

  if (metadata.isError) {
    return (
      <Card>
        <p role="alert" className="vp-text-danger">
          {errorMessage(metadata.error)}
        </p>
      </Card>
    );
  }
  if (!metadata.data) return <Skeleton active paragraph={{ rows: 6 }} />;
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
          <Col key={f.key} xs={12} lg={6}>
            <FigureCard figure={f} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
