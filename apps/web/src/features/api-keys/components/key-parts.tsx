import { WarningOutlined } from '@ant-design/icons';
import { displayDate, type ApiKey } from '@vp/contract';
import { Space, Tag } from 'antd';
import { ToneBadge } from '../../../components/status-badge.tsx';
import { displayDateTime, displayDay } from '../../../lib/date-time.ts';
import { expiryWarning, keyState, lastDay, personName, scopeLabel } from '../key-format.ts';

/** The pieces of a key that the vendor's list, its phone cards and the console's section share. */

export const KeyPartTexts = {
  addresses: 'Allowed addresses',
  anyAddress: 'Any address',
} as const;

export function KeyName({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span className="vp-api-key-name">
      <span className="vp-api-key-title">{apiKey.name}</span>
      <code className="vp-api-key-shown">{apiKey.shown}…</code>
    </span>
  );
}

export function ScopeTags({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Space size={[4, 4]} wrap>
      {apiKey.scopes.map((s) => (
        <Tag key={s}>{scopeLabel(s)}</Tag>
      ))}
    </Space>
  );
}

export function KeyStateBadge({ apiKey }: { apiKey: ApiKey }) {
  const { text, tone } = keyState(apiKey);
  return <ToneBadge tone={tone} text={text} testId="api-key-state" />;
}

export function CreatedCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span className="vp-api-key-facts">
      <span>{personName(apiKey.createdBy)}</span>
      <span className="vp-muted">{displayDay(apiKey.createdAt)}</span>
    </span>
  );
}

export function ExpiryCell({ apiKey }: { apiKey: ApiKey }) {
  const warning = expiryWarning(apiKey);
  return (
    <span className="vp-api-key-facts">
      <span title={`Works until ${displayDateTime(apiKey.expiresAt)}`}>
        {displayDate(lastDay(apiKey.expiresAt))}
      </span>
      {warning && (
        <span className="vp-api-key-warning" data-testid="api-key-expiry-warning">
          <WarningOutlined aria-hidden="true" /> {warning}
        </span>
      )}
    </span>
  );
}

export function LastUsedCell({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.lastUsedAt) return <span className="vp-muted">Never used</span>;
  return (
    <span className="vp-api-key-facts">
      <span>{displayDateTime(apiKey.lastUsedAt)}</span>
      {apiKey.lastUsedFrom && <span className="vp-muted">from {apiKey.lastUsedFrom}</span>}
    </span>
  );
}

/** The addresses a key may be used from: any, or its ranges, one a line. */
export function AllowedAddresses({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.allowedRanges.length === 0)
    return (
      <span className="vp-muted" data-testid="api-key-addresses">
        {KeyPartTexts.anyAddress}
      </span>
    );
  return (
    <ul className="vp-api-key-ranges" data-testid="api-key-addresses">
      {apiKey.allowedRanges.map((r) => (
        <li key={r}>
          <code className="vp-api-key-range-text">{r}</code>
        </li>
      ))}
    </ul>
  );
}
