import { NOTIFICATION_DRAWER_WIDTH, NotificationMessages } from '@vp/contract';
import { Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '../../../hooks/use-is-mobile.ts';
import { NotificationList } from './notification-list.tsx';
import { NotificationSettingsForm } from './notification-settings-form.tsx';
import '../notifications.css';

type DrawerTab = 'list' | 'settings';

/**
 * The Notifications drawer (spec §2): 570 px wide (the whole screen on a phone), with the tabs
 * Notifications and Notification Settings. Every role has it: it holds the user's own notifications.
 */
export function NotificationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mobile = useIsMobile();
  const [tab, setTab] = useState<DrawerTab>('list');
  return (
    <Drawer
      title={NotificationMessages.title}
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : NOTIFICATION_DRAWER_WIDTH}
      destroyOnHidden
      className="vp-notifications-drawer"
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as DrawerTab)}
        items={[
          {
            key: 'list',
            label: NotificationMessages.title,
            children: <NotificationList onNavigate={onClose} />,
          },
          {
            key: 'settings',
            label: NotificationMessages.settingsTitle,
            children: tab === 'settings' ? <NotificationSettingsForm /> : null,
          },
        ]}
      />
    </Drawer>
  );
}
