import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useUnreadNotifications } from '../api.ts';

/** The navbar's bell (spec §2 Layout): the count of notifications not yet dismissed. */
export function NotificationBell({ onOpen }: { onOpen: () => void }) {
  const unread = useUnreadNotifications();
  return (
    <Tooltip title="Notifications">
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          icon={<BellOutlined />}
          onClick={onOpen}
        />
      </Badge>
    </Tooltip>
  );
}
