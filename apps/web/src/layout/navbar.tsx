import {
  BellOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  ReloadOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Layout, Tooltip, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { routesForRoles } from '../lib/route-table.ts';
import { useProfile } from '../features/profile/index.ts';
import { useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { confirmLogOut } from './session-actions.ts';
import { VendorSelector } from './vendor-selector.tsx';

interface NavbarProps {
  sidebarOpen: boolean;
  mobile: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
}

export function Navbar({ sidebarOpen, mobile, onToggleSidebar, onOpenSettings }: NavbarProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const { roles } = useSession();
  const canFeedback = routesForRoles(roles).some((r) => r.path === '/feedback');

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile' },
    ...(canFeedback ? [{ key: 'feedback', icon: <MessageOutlined />, label: 'Feedback' }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log Out' },
  ];

  function onMenu(key: string) {
    if (key === 'profile') void navigate('/profile');
    else if (key === 'feedback') void navigate('/feedback');
    else if (key === 'logout') confirmLogOut();
  }

  function refresh() {
    void toast('info', 'Refreshing data...');
    void queryClient.invalidateQueries();
  }

  const name = profile.data
    ? `${profile.data.firstName} ${profile.data.lastName}`.trim() || profile.data.username
    : '';

  return (
    <Layout.Header className="vp-navbar">
      <Button
        type="text"
        className="vp-hamburger"
        data-testid="hamburger"
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={sidebarOpen}
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
      />
      <AppBreadcrumb />
      <div className="vp-navbar-right">
        {!mobile && <VendorSelector />}
        <Tooltip title="Refresh">
          <Button
            type="text"
            aria-label="Refresh"
            data-testid="refresh-button"
            icon={<ReloadOutlined />}
            onClick={refresh}
          />
        </Tooltip>
        {!mobile && (
          <Tooltip title="Notifications">
            <Button
              type="text"
              aria-label="Notifications"
              data-testid="notification-bell"
              icon={<BellOutlined />}
            />
          </Tooltip>
        )}
        <Tooltip title="Settings">
          <Button
            type="text"
            aria-label="Settings"
            data-testid="settings-button"
            icon={<SettingOutlined />}
            onClick={onOpenSettings}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{ items, onClick: ({ key }) => onMenu(key) }}
          placement="bottomRight"
        >
          <button
            type="button"
            className="vp-avatar-button"
            // The visible name is the button's name when shown; a label must not hide it.
            aria-label={mobile || !name ? 'Account menu' : `${name}, account menu`}
            aria-haspopup="menu"
            data-testid="avatar-menu"
          >
            <Avatar size="small" icon={<UserOutlined />} src={profile.data?.avatar ?? undefined} alt="" />
            {!mobile && name && <span className="vp-avatar-name">{name}</span>}
          </button>
        </Dropdown>
      </div>
    </Layout.Header>
  );
}
