import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_SETTING_LABELS,
  NotificationMessages,
  type Delivery,
  type NotificationSettings,
  type NotificationTopic,
} from '@vp/contract';
import { Button, Switch } from 'antd';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api.ts';

type Group = keyof NotificationSettings;

/** The items of the settings, grouped, in the contract's order. */
const GROUPS = (Object.keys(NOTIFICATION_GROUP_LABELS) as Group[]).map((group) => ({
  group,
  items: Object.keys(DEFAULT_NOTIFICATION_SETTINGS[group]).map((item) => ({
    item,
    topic: `${group}.${item}` as NotificationTopic,
  })),
}));

const CHANNELS: { key: keyof Delivery; label: string }[] = [
  { key: 'email', label: 'Email' },
  { key: 'push', label: 'Push' },
];

function withChoice(
  settings: NotificationSettings,
  group: Group,
  item: string,
  channel: keyof Delivery,
  on: boolean,
): NotificationSettings {
  const items = settings[group] as Record<string, Delivery>;
  return { ...settings, [group]: { ...items, [item]: { ...items[item]!, [channel]: on } } };
}

/**
 * The Notification Settings tab: for each item, whether it comes by email and to the drawer
 * (push). Save sends the whole set.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The user's edits over what was loaded; null while there are none.
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const shown = draft ?? settings.data;

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!shown) return <LoadingState label="Loading your notification settings" rows={4} />;
  const current = shown;

  async function submit() {
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      setDraft(null);
      void message.success(NotificationMessages.settingsUpdated);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  return (
    <div className="vp-notification-settings" data-testid="notification-settings">
      <table className="vp-settings-table">
        <thead>
          <tr>
            <th scope="col">Notify me when</th>
            {CHANNELS.map((c) => (
              <th scope="col" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {GROUPS.map(({ group, items }) => (
          <tbody key={group}>
            <tr className="vp-settings-group">
              <th scope="rowgroup" colSpan={1 + CHANNELS.length}>
                {NOTIFICATION_GROUP_LABELS[group]}
              </th>
            </tr>
            {items.map(({ item, topic }) => {
              const delivery = (current[group] as Record<string, Delivery>)[item]!;
              return (
                <tr key={topic}>
                  <th scope="row">{NOTIFICATION_SETTING_LABELS[topic]}</th>
                  {CHANNELS.map((c) => (
                    <td key={c.key}>
                      <Switch
                        size="small"
                        checked={delivery[c.key]}
                        aria-label={`${NOTIFICATION_SETTING_LABELS[topic]}: ${c.label}`}
                        onChange={(on) => setDraft(withChoice(current, group, item, c.key, on))}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
      <div className="vp-settings-actions">
        <Button type="primary" disabled={!draft} loading={save.isPending} onClick={() => void submit()}>
          Save
        </Button>
      </div>
    </div>
  );
}
