import { WEBHOOK_EVENT_GROUPS, type WebhookEventType } from '@vp/contract';
import { Checkbox } from 'antd';
import { WebhookTexts as T } from '../texts.ts';

/**
 * The events an endpoint receives, as the contract groups them, each group with its own "Select
 * all". A form control: antd's Form.Item hands it `value` and `onChange`.
 */
export function EventTypePicker({
  id,
  value = [],
  onChange,
}: {
  id?: string;
  value?: readonly WebhookEventType[];
  onChange?: (next: WebhookEventType[]) => void;
}) {
  const chosen = new Set(value);
  // Kept in the contract's order, whatever order they were ticked in.
  const emit = (next: Set<WebhookEventType>) =>
    onChange?.(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.types).filter((t) => next.has(t)));

  const toggle = (type: WebhookEventType, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(type);
    else next.delete(type);
    emit(next);
  };
  const toggleGroup = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
    }
    emit(next);
  };

  return (
    <div id={id} role="group" aria-label={T.fields.events} className="vp-webhook-events">
      {WEBHOOK_EVENT_GROUPS.map((group) => {
        const count = group.types.filter((t) => chosen.has(t)).length;
        return (
          <fieldset key={group.label} className="vp-webhook-event-group">
            <legend className="vp-webhook-event-legend">
              <span className="vp-webhook-event-group-name">{group.label}</span>
              <Checkbox
                aria-label={T.selectAllOf(group.label)}
                checked={count === group.types.length}
                indeterminate={count > 0 && count < group.types.length}
                onChange={(e) => toggleGroup(group.types, e.target.checked)}
              >
                {T.selectAll}
              </Checkbox>
            </legend>
            <div className="vp-webhook-event-list">
              {group.types.map((type) => (
                <Checkbox
                  key={type}
                  checked={chosen.has(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                >
                  <span className="vp-webhook-mono">{type}</span>
                </Checkbox>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
