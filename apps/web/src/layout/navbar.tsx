import {
  CheckOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  ReloadOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Layout, Tag, Tooltip, type MenuProps } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isConsolePath, routesForRoles } from '../lib/route-table.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { useProfile } from '../features/profile/index.ts';
import { sessionRole, useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { HoverHint } from '../components/hover-hint.tsx';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { confirmLogOut } from './session-actions.ts';
import { AccountLabel, useVendorChoice, VendorSelector } from './vendor-selector.tsx';

/** Said beside the read-only mark in the top bar. */
export const READ_ONLY_TITLE = 'Your role can view everything here but not change it.';

/** Past this many accounts the user menu hands the choice to the searchable selector. */
const MENU_ACCOUNTS_MAX = 6;
const VENDOR_KEY = 'vendor:';

interface NavbarProps {
  sidebarOpen: boolean;
  mobile: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
  onOpenNotifications?: () => void;
}

export function Navbar({
  sidebarOpen,
  mobile,
  onToggleSidebar,
  onOpenSettings,
  onOpenNotifications,
}: NavbarProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const { roles } = useSession();
  const canFeedback = routesForRoles(roles).some((r) => r.path === '/feedback');
  const vendors = useVendorChoice();
  const [menuOpen, setMenuOpen] = useState(false);
  const avatarButton = useRef<HTMLButtonElement>(null);

  // Vendor switching is here as well as in the selector, which phones do not show in the navbar.
  const vendorItems: MenuProps['items'] = !vendors
    ? []
    : vendors.active.length > MENU_ACCOUNTS_MAX
      ? [{ key: 'vendors', icon: <SettingOutlined />, label: 'Choose vendor account…' }, { type: 'divider' }]
      : [
          {
            type: 'group',
            key: 'vendor-group',
            label: 'Vendor account',
            children: vendors.active.map((a) => ({
              key: `${VENDOR_KEY}${a.rowKey}`,
              icon: a.rowKey === vendors.current.rowKey ? <CheckOutlined aria-label="Selected" /> : <span />,
              // A list of accounts names each whole; only the narrow top-bar box cuts a name.
              label: <AccountLabel account={a} full />,
            })),
          },
          { type: 'divider' },
        ];

  const items: MenuProps['items'] = [
    ...vendorItems,
    { key: 'profile', icon: <UserOutlined />, label: 'Profile' },
    ...(canFeedback ? [{ key: 'feedback', icon: <MessageOutlined />, label: 'Feedback' }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log Out' },
  ];

  function onMenu(key: string) {
    setMenuOpen(false);
    if (key.startsWith(VENDOR_KEY)) vendors?.choose(Number(key.slice(VENDOR_KEY.length)));
    else if (key === 'vendors') onOpenSettings();
    else if (key === 'profile') void navigate('/profile');
    else if (key === 'feedback') void navigate('/feedback');
    else if (key === 'logout') confirmLogOut();
  }

  // Closed without a choice (Escape, a click elsewhere), the menu hands focus back to its button
  // rather than leaving it on the page's body.
  function onMenuOpenChange(open: boolean, info: { source: 'trigger' | 'menu' }) {
    setMenuOpen(open);
    if (open || info.source !== 'trigger') return;
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused.closest('.ant-dropdown')) {
        avatarButton.current?.focus();
      }
    });
  }

  // A menu button opens on Down Arrow as well as Enter and Space (WAI-ARIA menu button).
  function onAvatarKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' && !menuOpen) {
      e.preventDefault();
      setMenuOpen(true);
    }
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
        {sessionRole(roles) === 'viewer' && (
          <Tooltip title={READ_ONLY_TITLE} trigger={['hover', 'focus']}>
            <Tag className="vp-read-only-mark" data-testid="read-only-mark" tabIndex={0}>
              Read-only
            </Tag>
          </Tooltip>
        )}
        {/* The console spans every vendor: the vendor account in use applies to the other pages. */}
        {!mobile && !isConsolePath(pathname) && <VendorSelector />}
        <HoverHint title="Refresh">
          <Button
            type="text"
            aria-label="Refresh"
            data-testid="refresh-button"
            icon={<ReloadOutlined />}
            onClick={refresh}
          />
        </HoverHint>
        {/* On a phone the Settings drawer opens the notifications instead (spec §2 Layout). */}
        {!mobile && onOpenNotifications && <NotificationBell onOpen={onOpenNotifications} />}
        <HoverHint title="Settings">
          <Button
            type="text"
            aria-label="Settings"
            data-testid="settings-button"
            icon={<SettingOutlined />}
            onClick={onOpenSettings}
          />
        </HoverHint>
        <Dropdown
          trigger={['click']}
          open={menuOpen}
          onOpenChange={onMenuOpenChange}
          // Keyboard users land in the menu, where the arrow keys move between its items.
          autoFocus
          menu={{
            items,
            onClick: ({ key }) => onMenu(key),
            selectedKeys: vendors ? [`${VENDOR_KEY}${vendors.current.rowKey}`] : [],
          }}
          placement="bottomRight"
        >
          <button
            ref={avatarButton}
            type="button"
            className="vp-avatar-button"
            // The visible name is the button's name when shown; a label must not hide it.
            aria-label={mobile || !name ? 'Account menu' : `${name}, account menu`}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            data-testid="avatar-menu"
            onKeyDown={onAvatarKey}
          >
            <Avatar size="small" icon={<UserOutlined />} src={profile.data?.avatar ?? undefined} alt="" />
            {!mobile && name && <span className="vp-avatar-name">{name}</span>}
          </button>
        </Dropdown>
      </div>
    </Layout.Header>
  );
}
