import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@vp/contract';
import { Tag } from 'antd';
import { WebhookTexts as T } from '../texts.ts';

const SHOWN = 3;

/** An endpoint's events: all of them in a word, else the first few as tags and how many more. */
export function EventSummary({ types }: { types: readonly WebhookEventType[] }) {
  if (WEBHOOK_EVENT_TYPES.every((t) => types.includes(t)))
    return <Tag data-testid="endpoint-events">{T.allEvents}</Tag>;
  return (
    <span className="vp-webhook-tags" data-testid="endpoint-events">
      {types.slice(0, SHOWN).map((t) => (
        <Tag key={t} className="vp-webhook-mono">
          {t}
        </Tag>
      ))}
      {types.length > SHOWN && <span className="vp-muted">{T.moreEvents(types.length - SHOWN)}</span>}
    </span>
  );
}
