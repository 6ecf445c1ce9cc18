import {
  DashboardOutlined,
  ExportOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  MessageOutlined,
  ReadOutlined,
  TeamOutlined,
  ToolOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PRODUCT_NAME, SIDEBAR_WIDTH } from '@vp/contract';
import { Layout, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuRoutes, type AppRoute } from '../lib/route-table.ts';
import { useSession } from '../lib/session.ts';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  feedback: <MessageOutlined />,
  user: <UserOutlined />,
  history: <HistoryOutlined />,
  websites: <GlobalOutlined />,
  team: <TeamOutlined />,
  tools: <ToolOutlined />,
  export: <ExportOutlined />,
  upload: <UploadOutlined />,
  resources: <ReadOutlined />,
};

type Item = { key: string; icon: ReactNode; label: string | undefined; children?: Item[] };

/** A route with visible children becomes a submenu of them. */
function toItem(route: AppRoute): Item {
  const children = (route.children ?? []).filter((c) => !c.hidden);
  return {
    key: route.path,
    icon: ICONS[route.icon ?? ''] ?? <FileTextOutlined />,
    label: route.title,
    ...(children.length > 0 ? { children: children.map(toItem) } : {}),
  };
}

export function Sidebar({
  open,
  mobile,
  onNavigate,
}: {
  open: boolean;
  mobile: boolean;
  onNavigate: () => void;
}) {
  const { roles } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = menuRoutes(roles).map(toItem);

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsible
      collapsed={!open}
      collapsedWidth={mobile ? 0 : 64}
      trigger={null}
      className={`vp-sider${mobile ? ' vp-sider-mobile' : ''}`}
      data-testid="sidebar"
      data-open={open ? 'true' : 'false'}
      aria-hidden={mobile && !open ? true : undefined}
    >
      <div className="vp-brand">{open ? PRODUCT_NAME : 'VP'}</div>
      <nav aria-label="Main">
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[pathname]}
          defaultOpenKeys={items
            .filter((i) => i.children && pathname.startsWith(`${i.key}/`))
            .map((i) => i.key)}
          items={items}
          onClick={({ key }) => {
            void navigate(key);
            onNavigate();
          }}
        />
      </nav>
    </Layout.Sider>
  );
}
