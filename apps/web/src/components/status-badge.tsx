import {
  FEED_STATUS_TONE,
  MLS_STATUS_TONE,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  COMPLIANCE_DECISION_LABELS,
  COMPLIANCE_DECISION_TONE,
  type BadgeTone,
  type ComplianceDecision,
  type FeedStatus,
  type MlsStatus,
  type SiteStatus,
} from '@vp/contract';

/**
 * Status badges take their colour from the --vp-<tone> CSS variables, so the colour-blind scheme
 * chosen in the settings restyles them. The text stays dark for contrast; the colour is a marker.
 */
export function ToneBadge({ tone, text, testId }: { tone: BadgeTone; text: string; testId?: string }) {
  return (
    <span className={`vp-badge vp-tone-${tone}`} data-tone={tone} data-testid={testId}>
      {text}
    </span>
  );
}

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  return (
    <ToneBadge
      tone={SITE_STATUS_TONE[status] ?? 'info'}
      text={SITE_STATUS_DISPLAY[status] ?? status}
      testId="site-status"
    />
  );
}

export function MlsStatusBadge({ status }: { status: string }) {
  if (!status) return <span className="vp-muted">N/A</span>;
  const tone = MLS_STATUS_TONE[status as MlsStatus] ?? 'info';
  return <ToneBadge tone={tone} text={status} testId="mls-status" />;
}

export function FeedStatusBadge({ status }: { status: FeedStatus }) {
  return <ToneBadge tone={FEED_STATUS_TONE[status] ?? 'info'} text={status} testId="feed-status" />;
}

/** A compliance rule's decision: Pass, Fail or Unknown (the site could not be read). */
export function ComplianceBadge({ decision }: { decision: ComplianceDecision }) {
  return (
    <ToneBadge
      tone={COMPLIANCE_DECISION_TONE[decision]}
      text={COMPLIANCE_DECISION_LABELS[decision]}
      testId="compliance-decision"
    />
  );
}
