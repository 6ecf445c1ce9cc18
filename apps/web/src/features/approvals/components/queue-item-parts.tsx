import {
  QUEUE_KIND_LABELS,
  QueueMessages,
  SAF_NOT_SENT,
  SITE_STATUS_DISPLAY,
  displayDate,
  safStandingText,
  type QueueItem,
  type QueueKind,
} from '@vp/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useId, type ReactNode } from 'react';
import { sinceDate, waitingText } from '../queue-format.ts';

/** The pieces a queue item is shown with, in the table's columns and in a phone's card alike. */

const KIND_COLORS: Record<QueueKind, string> = {
  activation: 'blue',
  termination: 'red',
  domain: 'purple',
  agent: 'cyan',
  product: 'geekblue',
  team: 'green',
  roster: 'orange',
  licence: 'gold',
  compliance: 'magenta',
};

export function KindTag({ kind }: { kind: QueueKind }) {
  return (
    <Tag color={KIND_COLORS[kind]} className="vp-queue-kind" data-testid="queue-kind">
      {QUEUE_KIND_LABELS[kind]}
    </Tag>
  );
}

export function Waiting({ item }: { item: QueueItem }) {
  return (
    <span className="vp-queue-waiting" title={`Waiting since ${sinceDate(item.since)}`}>
      <span className="vp-queue-waiting-days">{waitingText(item.ageBusinessDays)}</span>
      <span className="vp-muted">since {sinceDate(item.since)}</span>
    </span>
  );
}

export function VendorCell({ item }: { item: QueueItem }) {
  return (
    <span className="vp-queue-stack">
      <span>{item.vendor.name}</span>
      <span className="vp-muted">{item.vendor.code}</span>
    </span>
  );
}

export function AgentCell({ item }: { item: QueueItem }) {
  const { agent } = item;
  return (
    <span className="vp-queue-stack">
      <span>{agent.name || agent.memberNumber}</span>
      <span className="vp-muted">
        {agent.memberNumber}
        {agent.mlsStatus && agent.mlsStatus !== 'Active' ? ` · ${agent.mlsStatus}` : ''}
      </span>
    </span>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span className="vp-queue-label">{label}:</span> {children}
    </li>
  );
}

/** What the item is about: the SAF and documents of an activation, what a request asks and why. */
export function ItemDetails({
  item,
  onReject,
}: {
  item: QueueItem;
  onReject: (documentId: number, type: string) => void;
}) {
  const lines: ReactNode[] = [];
  switch (item.kind) {
    case 'activation':
      lines.push(
        <Line key="saf" label="SAF">
          {safStandingText(item.saf ?? SAF_NOT_SENT, item.status)}
        </Line>,
      );
      if (item.startDate)
        lines.push(
          <Line key="start" label="Start date">
            {displayDate(item.startDate)}
          </Line>,
        );
      break;
    case 'termination':
      lines.push(
        <Line key="term" label="Term date">
          {item.termDate ? displayDate(item.termDate) : item.requested || 'Not given'}
        </Line>,
      );
      break;
    case 'domain':
      lines.push(
        <Line key="req" label="New domain">
          <span className="vp-queue-requested">{item.requested}</span>
        </Line>,
      );
      break;
    case 'agent':
    case 'product':
    case 'team':
      lines.push(
        <Line key="req" label={REQUESTED_LABELS[item.kind]}>
          <span className="vp-queue-requested">{item.requested}</span>
        </Line>,
      );
      // Terms that need a new signature: where the form for them stands.
      if (item.saf)
        lines.push(
          <Line key="saf" label="SAF for the change">
            {safStandingText(item.saf, 'Pending Activation')}
          </Line>,
        );
      break;
    case 'licence':
      lines.push(
        <li key="licence" data-testid="licence-text">
          {QueueMessages.licenceWithoutForm}
        </li>,
      );
      break;
    case 'compliance':
      if (item.finding) {
        lines.push(
          <Line key="rule" label="Rule">
            <span className="vp-queue-requested">{item.finding.rule}</span>
          </Line>,
          <Line key="due" label="Due">
            {displayDate(item.finding.dueOn)}
          </Line>,
        );
        if (item.finding.evidence)
          lines.push(
            <Line key="evidence" label="Evidence">
              <span className="vp-queue-evidence">{item.finding.evidence}</span>
            </Line>,
          );
      }
      break;
    case 'roster':
      lines.push(
        <li key="roster" data-testid="roster-text">
          {item.reason}. The website stays {SITE_STATUS_DISPLAY[item.status] ?? item.status} until staff
          decide; nothing changes by itself.
        </li>,
      );
      break;
  }
  if (item.reason && item.kind !== 'roster')
    lines.push(
      <Line key="reason" label="Reason">
        <span className="vp-queue-reason">{item.reason}</span>
      </Line>,
    );
  const missing = item.documents.filter((d) => d.documentId === null);
  const onFile = item.documents.filter((d) => d.documentId !== null);
  if (missing.length > 0)
    lines.push(
      <Line key="missing" label="Missing">
        <span className="vp-queue-missing">{missing.map((d) => d.type).join(', ')}</span>
      </Line>,
    );
  for (const doc of onFile)
    lines.push(
      <li key={`doc-${doc.documentId}`} className="vp-queue-document">
        <span>
          <span className="vp-queue-label">{doc.type}:</span> {doc.label || 'on file'}
        </span>
        <Button
          size="small"
          danger
          aria-label={`Reject the ${doc.type} of ${item.domainName}`}
          onClick={() => onReject(doc.documentId!, doc.type)}
        >
          Reject
        </Button>
      </li>,
    );
  return <ul className="vp-queue-details">{lines}</ul>;
}

const REQUESTED_LABELS = { agent: 'New agent', product: 'New product', team: 'Team' } as const;

/** A main action that may be blocked: disabled, with why said beside it for every reader. */
function BlockableAction({
  label,
  what,
  blockers,
  danger,
  loading,
  onClick,
}: {
  label: string;
  what: string;
  blockers: readonly string[];
  danger?: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  const id = useId();
  const blocked = blockers.length > 0;
  const button = (
    <Button
      type={danger ? 'default' : 'primary'}
      danger={danger}
      size="small"
      disabled={blocked}
      loading={loading}
      aria-label={`${label} ${what}`}
      aria-describedby={blocked ? id : undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  if (!blocked) return button;
  return (
    <>
      <Tooltip title={blockers.join(' ')}>
        <span className="vp-queue-blocked">{button}</span>
      </Tooltip>
      <div id={id} className="vp-queue-blockers" data-testid="queue-blockers">
        <span className="vp-sr-only">{label} is not possible yet: </span>
        <ul>
          {blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

export type ItemActionKind =
  | 'activate'
  | 'terminate'
  | 'approve'
  | 'approve-paper'
  | 'decline'
  | 'review'
  | 'review-licence'
  | 'extend'
  | 'waive'
  | 'terminate-finding';

/**
 * The decisions an item offers. A roster item is marked reviewed once staff have looked at the
 * site; what they decide about it (a termination, an agent change) is an action of its own.
 */
export function ItemActions({
  item,
  busy,
  onAction,
}: {
  item: QueueItem;
  busy: ItemActionKind | null;
  onAction: (kind: ItemActionKind) => void;
}) {
  switch (item.kind) {
    case 'activation':
      return (
        <div className="vp-queue-actions">
          <BlockableAction
            label="Activate"
            what={item.domainName}
            blockers={item.blockers}
            loading={busy === 'activate'}
            onClick={() => onAction('activate')}
          />
        </div>
      );
    case 'termination':
      return (
        <div className="vp-queue-actions">
          <BlockableAction
            label="Terminate"
            what={item.domainName}
            blockers={item.blockers}
            danger
            loading={busy === 'terminate'}
            onClick={() => onAction('terminate')}
          />
        </div>
      );
    case 'domain':
    case 'agent':
    case 'product':
    case 'team': {
      const what = `the ${QUEUE_KIND_LABELS[item.kind].toLowerCase()} of ${item.domainName}`;
      return (
        <div className="vp-queue-actions">
          {item.blockers.length > 0 ? (
            <>
              <BlockableAction
                label="Approve"
                what={what}
                blockers={item.blockers}
                loading={busy === 'approve'}
                onClick={() => onAction('approve')}
              />
              <Button
                size="small"
                disabled={item.requestId === null}
                aria-label={`Approve on paper form: ${what}`}
                onClick={() => onAction('approve-paper')}
              >
                Approve on paper form
              </Button>
            </>
          ) : (
            <Button
              type="primary"
              size="small"
              loading={busy === 'approve'}
              disabled={item.requestId === null || busy === 'decline'}
              aria-label={`Approve ${what}`}
              onClick={() => onAction('approve')}
            >
              Approve
            </Button>
          )}
          <Button
            size="small"
            disabled={item.requestId === null || busy === 'approve'}
            aria-label={`Decline ${what}`}
            onClick={() => onAction('decline')}
          >
            Decline
          </Button>
        </div>
      );
    }
    case 'licence':
      return (
        <div className="vp-queue-actions">
          <Button
            size="small"
            aria-label={`Record review: the licence of ${item.domainName}`}
            onClick={() => onAction('review-licence')}
          >
            Record review
          </Button>
        </div>
      );
    case 'compliance': {
      const what = `the finding "${item.finding?.rule ?? ''}" of ${item.domainName}`;
      return (
        <div className="vp-queue-actions">
          <Button size="small" aria-label={`Extend ${what}`} onClick={() => onAction('extend')}>
            Extend
          </Button>
          <Button size="small" aria-label={`Waive ${what}`} onClick={() => onAction('waive')}>
            Waive
          </Button>
          <Button
            size="small"
            danger
            aria-label={`Start the termination of ${item.domainName} over the finding "${item.finding?.rule ?? ''}"`}
            onClick={() => onAction('terminate-finding')}
          >
            Start termination
          </Button>
        </div>
      );
    }
    case 'roster':
      return (
        <div className="vp-queue-actions">
          <Button
            size="small"
            loading={busy === 'review'}
            aria-label={`Mark ${item.domainName} as reviewed`}
            onClick={() => onAction('review')}
          >
            Mark as reviewed
          </Button>
        </div>
      );
  }
}
