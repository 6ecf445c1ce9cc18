import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@vp/contract';
import { Button, Tag } from 'antd';
import { useId, useState } from 'react';
import { WebhookTexts as T } from '../texts.ts';

const SHOWN = 3;

/**
 * An endpoint's events: all of them in a word, else the first few as tags and a "+N more" that
 * shows the rest in place (and "Show fewer" folds them again), so anyone may read them all.
 */
export function EventSummary({ types }: { types: readonly WebhookEventType[] }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (WEBHOOK_EVENT_TYPES.every((t) => types.includes(t)))
    return <Tag data-testid="endpoint-events">{T.allEvents}</Tag>;
  const hidden = types.length - SHOWN;
  return (
    <span className="vp-webhook-tags" data-testid="endpoint-events" id={listId}>
      {(all ? types : types.slice(0, SHOWN)).map((t) => (
        <Tag key={t} className="vp-webhook-mono">
          {t}
        </Tag>
      ))}
      {hidden > 0 && (
        <Button
          type="link"
          size="small"
          className="vp-webhook-more-events"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? T.fewerEvents : T.moreEvents(hidden)}
        </Button>
      )}
    </span>
  );
}
