import type { ApiKey } from '@vp/contract';
import type { ReactNode } from 'react';
import {
  AllowedAddresses,
  CreatedCell,
  ExpiryCell,
  KeyName,
  KeyPartTexts,
  KeyStateBadge,
  LastUsedCell,
  ScopeTags,
} from './key-parts.tsx';

/** A key on a phone: every fact on its own line, so nothing is wider than the screen. */
export function KeyCards({
  keys,
  actions,
}: {
  keys: readonly ApiKey[];
  actions?: (key: ApiKey) => ReactNode;
}) {
  return (
    <ul className="vp-api-key-cards" data-testid="api-key-cards" aria-label="API keys">
      {keys.map((k) => (
        <li key={k.id} className="vp-api-key-card" data-testid="api-key-card">
          <div className="vp-api-key-card-head">
            <KeyName apiKey={k} />
            <KeyStateBadge apiKey={k} />
          </div>
          <ScopeTags apiKey={k} />
          <dl className="vp-api-key-card-facts">
            <dt>Created</dt>
            <dd>
              <CreatedCell apiKey={k} />
            </dd>
            <dt>Expires</dt>
            <dd>
              <ExpiryCell apiKey={k} />
            </dd>
            <dt>Last used</dt>
            <dd>
              <LastUsedCell apiKey={k} />
            </dd>
            <dt>{KeyPartTexts.addresses}</dt>
            <dd>
              <AllowedAddresses apiKey={k} />
            </dd>
          </dl>
          {actions?.(k)}
        </li>
      ))}
    </ul>
  );
}
