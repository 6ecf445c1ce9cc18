import { canWrite, formatCount } from '@vp/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/query-states.tsx';
import { useEndFirstPaint } from '../../../lib/first-paint.ts';
import { useRole } from '../../../lib/session.ts';
import { useMetadata } from '../api.ts';
import { figures, type Figure } from '../figures.ts';
import './dashboard.css';

/*
 * The dashboard is the page most users land on, so it is drawn in plain markup styled by
 * dashboard.css in the app's colours: its cards, details and figures need nothing of antd's, which
 * keeps antd's card, tabs, descriptions and tag out of the scripts the landing page loads.
 */

function FigureCard({ figure }: { figure: Figure }) {
  const body: ReactNode = (
    <div
      className={`vp-dash-card vp-figure vp-tone-${figure.tone}${figure.to ? ' vp-dash-card-link' : ''}`}
      data-testid={`dashboard-card-${figure.key}`}
      data-tone={figure.tone}
    >
      <div className="vp-dash-figure-label">{figure.label}</div>
      <div className="vp-dash-figure-value" data-testid={`dashboard-value-${figure.key}`}>
        {formatCount(figure.value)}
      </div>
      {figure.detail && (
        <p className="vp-figure-detail" data-testid={`dashboard-detail-${figure.key}`}>
          {figure.detail}
        </p>
      )}
    </div>
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

/** A grey bar in place of a line still loading; `width` as a share of its card. */
function Bone({ width }: { width: string }) {
  return <span className="vp-dash-bone" style={{ width }} />;
}

/** The page's shape while the figures load: the vendor card and the nine figure cards. */
function DashboardSkeleton() {
  return (
    <div className="vp-dashboard" aria-busy="true" data-testid="dashboard-loading">
      <span className="vp-sr-only" role="status">
        Loading the dashboard
      </span>
      <div className="vp-dash-card vp-vendor-card">
        <Bone width="30%" />
        <Bone width="100%" />
        <Bone width="100%" />
        <Bone width="61%" />
      </div>
      <div className="vp-dash-figures">
        {Array.from({ length: 9 }, (_, i) => (
          <div key={i} className="vp-dash-card vp-figure">
            <Bone width="60%" />
            <Bone width="30%" />
          </div>
        ))}
      </div>
    </div>
  );
}

export default function DashboardPage() {
  const metadata = useMetadata();
  const role = useRole();
  // Until the role is known the card is worded for a user who may upload, as the server decides.
  const readOnly = role !== null && !canWrite(role);
  useEndFirstPaint(metadata.data !== undefined || metadata.isError);

  if (metadata.isError) {
    return (
      <div className="vp-dash-card" data-testid="dashboard-error">
        <ErrorState
          title="The dashboard could not be loaded."
          error={metadata.error}
          onRetry={() => void metadata.refetch()}
        />
      </div>
    );
  }
  if (!metadata.data) return <DashboardSkeleton />;
  const m = metadata.data;
  const details: { key: string; label: string; value: ReactNode }[] = [
    { key: 'code', label: 'Vendor code', value: m.vendorCode },
    { key: 'type', label: 'Vendor type', value: m.vendorType },
    { key: 'feed', label: 'Feed type', value: m.feedType || 'N/A' },
    { key: 'tech', label: 'Technical contact', value: m.technicalContact || 'N/A' },
    { key: 'billing', label: 'Billing contact', value: m.billingContact || 'N/A' },
    {
      key: 'roles',
      label: 'Data roles',
      value:
        m.isProvider || m.isConsumer ? (
          <>
            {m.isProvider && <span className="vp-dash-tag">Provider</span>}
            {m.isConsumer && <span className="vp-dash-tag">Consumer</span>}
          </>
        ) : (
          'N/A'
        ),
    },
    { key: 'recip', label: 'Reciprocal agents allowed', value: yesNo(m.reciprocalAllowed) },
  ];

  return (
    <div className="vp-dashboard">
      <section className="vp-dash-card vp-vendor-card" aria-labelledby="vp-dashboard-vendor">
        <h1 className="vp-page-title" id="vp-dashboard-vendor" data-testid="dashboard-vendor-name">
          {m.vendorName}
        </h1>
        <dl className="vp-dash-details">
          {details.map((d) => (
            <div key={d.key} className="vp-dash-detail">
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="vp-dash-figures">
        {figures(m, { readOnly }).map((f) => (
          <FigureCard key={f.key} figure={f} />
        ))}
      </div>
    </div>
  );
}
