import {
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileExcelOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  ImportOutlined,
  KeyOutlined,
  MessageOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ScheduleOutlined,
  SendOutlined,
  TeamOutlined,
  ToolOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PRODUCT_NAME, SIDEBAR_WIDTH } from '@vp/contract';
import { Layout, Menu } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuRoutes, type AppRoute } from '../lib/route-table.ts';
import { useSession } from '../lib/session.ts';
import { focusNextPageHeading } from '../lib/focus-when.ts';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  feedback: <MessageOutlined aria-hidden />,
  user: <UserOutlined aria-hidden />,
  history: <HistoryOutlined aria-hidden />,
  websites: <GlobalOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
  contacts: <ContactsOutlined aria-hidden />,
  tools: <ToolOutlined aria-hidden />,
  // Custom Export writes a spreadsheet; Import Websites reads one in: two icons that differ.
  export: <FileExcelOutlined aria-hidden />,
  upload: <UploadOutlined aria-hidden />,
  import: <ImportOutlined aria-hidden />,
  resources: <ReadOutlined aria-hidden />,
  feeds: <ApiOutlined aria-hidden />,
  'api-keys': <KeyOutlined aria-hidden />,
  console: <ControlOutlined aria-hidden />,
  queue: <AuditOutlined aria-hidden />,
  vendors: <ShopOutlined aria-hidden />,
  'document-types': <FileProtectOutlined aria-hidden />,
  compliance: <SafetyCertificateOutlined aria-hidden />,
  'compliance-rules': <CheckSquareOutlined aria-hidden />,
  reports: <BarChartOutlined aria-hidden />,
  jobs: <ScheduleOutlined aria-hidden />,
  webhooks: <SendOutlined aria-hidden />,
};

type Item = { key: string; icon: ReactNode; label: string | undefined; children?: Item[] };

/** A route with visible children becomes a submenu of them. */
function toItem(route: AppRoute): Item {
  const children = (route.children ?? []).filter((c) => !c.hidden);
  return {
    key: route.path,
    icon: ICONS[route.icon ?? ''] ?? <FileTextOutlined aria-hidden />,
    label: route.title,
    ...(children.length > 0 ? { children: children.map(toItem) } : {}),
  };
}

/** The submenus that hold the page at `pathname`. */
function sectionsOf(items: Item[], pathname: string): string[] {
  return items.filter((i) => i.children && pathname.startsWith(`${i.key}/`)).map((i) => i.key);
}

export function Sidebar({
  open,
  mobile,
  onNavigate,
  feeds = false,
}: {
  open: boolean;
  mobile: boolean;
  onNavigate: () => void;
  /** The vendor provides or consumes a data feed: its screen is in the menu. */
  feeds?: boolean;
}) {
  const { roles } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = menuRoutes(roles, feeds).map(toItem);
  // The expanded menu opens the section of the current page. The collapsed menu shows submenus as
  // flyouts, so it keeps its own open keys, empty until the user points at a section: handing it
  // the expanded menu's keys would open a flyout over the page as soon as it loads.
  const [inlineKeys, setInlineKeys] = useState<string[]>(() => sectionsOf(items, pathname));
  const [flyoutKeys, setFlyoutKeys] = useState<string[]>([]);
  const section = sectionsOf(items, pathname).join('\n');

  useEffect(() => {
    if (!section) return;
    setInlineKeys((keys) => [...new Set([...keys, ...section.split('\n')])]);
  }, [section]);

  useEffect(() => {
    setFlyoutKeys([]);
  }, [pathname, open]);

  // On a phone the menu is drawn when the sidebar first opens, and kept for its closing slide:
  // until then it is hidden and inert, and a page opened on a phone shows sooner without it.
  const [drawn, setDrawn] = useState(open || !mobile);
  if (!drawn && (open || !mobile)) setDrawn(true);

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
      // Hidden on a phone until opened: out of the tab order too, not only out of the reading order.
      inert={mobile && !open ? true : undefined}
    >
      <div className="vp-brand">{open ? PRODUCT_NAME : 'VP'}</div>
      <nav aria-label="Main">
        {drawn && (
          <Menu
            theme="dark"
            mode="inline"
            // A section whose page is a hidden index (/resources/index) is selected as itself.
            selectedKeys={[pathname, pathname.replace(/\/index$/, '')]}
            openKeys={open ? inlineKeys : flyoutKeys}
            onOpenChange={open ? setInlineKeys : setFlyoutKeys}
            items={items}
            onClick={({ key }) => {
              if (key !== pathname) focusNextPageHeading();
              void navigate(key);
              onNavigate();
            }}
          />
        )}
      </nav>
    </Layout.Sider>
  );
}
