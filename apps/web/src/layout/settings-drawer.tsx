import {
  COLORBLIND_SCHEMES,
  markShade,
  toneColor,
  type BadgeTone,
  type ColorblindScheme,
} from '@vp/contract';
import { BellOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Radio, Select } from 'antd';
import { useUnreadNotifications } from '../features/notifications/index.ts';
import { useSaveTheme } from '../features/profile/index.ts';
import {
  setColorblind,
  setSize,
  THEME_CHOICES,
  UI_SIZES,
  useSettings,
  type ThemeChoice,
  type UiSize,
} from '../lib/settings.ts';
import { VendorSelect } from './vendor-select.tsx';
import { useVendorChoice } from './vendor-selector.tsx';

const TONES: { tone: BadgeTone; label: string }[] = [
  { tone: 'success', label: 'Active' },
  { tone: 'warning', label: 'Pending' },
  { tone: 'danger', label: 'Inactive' },
  { tone: 'info', label: 'Terminated' },
];

const OFF = 'off';

const THEME_LABELS: Record<ThemeChoice, string> = { system: 'Device', light: 'Light', dark: 'Dark' };

/** The way to the notifications where the navbar has no bell (phones), with the same count. */
function NotificationsEntry({ onOpen }: { onOpen: () => void }) {
  const unread = useUnreadNotifications();
  return (
    <Form.Item label="Notifications">
      <Button icon={<BellOutlined aria-hidden />} onClick={onOpen} data-testid="settings-notifications">
        {unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
      </Button>
    </Form.Item>
  );
}

/** Said under the vendor account on a console page, which spans every vendor. */
export const CONSOLE_VENDOR_NOTE = 'For the vendor pages. The MLS Console covers every vendor.';

/** The vendor account, labelled: only when there is more than one to choose from. */
export function VendorEntry({ onConsole = false }: { onConsole?: boolean }) {
  const choice = useVendorChoice();
  if (!choice) return null;
  return (
    <Form.Item label="Vendor account" htmlFor="vp-vendor" extra={onConsole ? CONSOLE_VENDOR_NOTE : undefined}>
      <VendorSelect choice={choice} id="vp-vendor" />
    </Form.Item>
  );
}

/**
 * Local display settings: control size, the light or dark theme (the device's until the user
 * chooses), the colour-blind scheme for status colours, and the vendor account (the navbar's selector is hidden on mobile; the user menu offers it too).
 */
export function SettingsDrawer({
  open,
  onClose,
  onOpenNotifications,
  onConsole = false,
}: {
  open: boolean;
  onClose: () => void;
  onOpenNotifications?: () => void;
  /** The page open is the MLS console's, to which no one vendor account applies. */
  onConsole?: boolean;
}) {
  const { size, colorblind, theme, mode } = useSettings();
  const saveTheme = useSaveTheme();
  return (
    <Drawer title="Settings" open={open} onClose={onClose} size={340}>
      <Form layout="vertical">
        <VendorEntry onConsole={onConsole} />
        {onOpenNotifications && <NotificationsEntry onOpen={onOpenNotifications} />}
        <Form.Item label="Size" htmlFor="vp-size">
          <Radio.Group
            id="vp-size"
            value={size}
            onChange={(e) => setSize(e.target.value as UiSize)}
            options={UI_SIZES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label="Theme" htmlFor="vp-theme" extra="Kept with your account, in every browser.">
          <Radio.Group
            id="vp-theme"
            value={theme}
            onChange={(e) => saveTheme.mutate(e.target.value as ThemeChoice)}
            options={THEME_CHOICES.map((t) => ({ value: t, label: THEME_LABELS[t] }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label="Colour-blind mode" htmlFor="vp-colorblind">
          <Select<string>
            id="vp-colorblind"
            data-testid="colorblind-select"
            value={colorblind ?? OFF}
            onChange={(v) => setColorblind(v === OFF ? null : (v as ColorblindScheme))}
            options={[
              { value: OFF, label: 'Off' },
              ...COLORBLIND_SCHEMES.map((s) => ({ value: s, label: s })),
            ]}
          />
        </Form.Item>
      </Form>
      <div className="vp-swatches" aria-label="Status colour preview">
        {TONES.map(({ tone, label }) => (
          <span key={tone} className="vp-swatch">
            <span
              className="vp-swatch-dot"
              style={{ background: markShade(toneColor(tone, colorblind), mode) }}
              aria-hidden="true"
            />
            {label}
          </span>
        ))}
      </div>
    </Drawer>
  );
}
