import { hasFeeds } from '@vp/contract';
import { Layout, notification, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMetadata } from '../features/dashboard/index.ts';
import { NotificationsDrawer } from '../features/notifications/index.ts';
import { useAccountTheme } from '../features/profile/index.ts';
import { idleTimeoutMs, watchIdle } from '../lib/idle.ts';
import { isConsolePath, needsFeeds } from '../lib/route-table.ts';
import { useLiveChannel } from '../live/index.ts';
import { setSidebarOpen, useSettings } from '../lib/settings.ts';
import { NOTIFICATION_DEFAULTS } from '../lib/toast.ts';
import '../lib/toast-impl.ts';
import { AppFooter } from './app-footer.tsx';
import { Navbar } from './navbar.tsx';
import { idleLogOut } from './session-actions.ts';
import { Sidebar } from './sidebar.tsx';
import { tagsActions } from './tags-store.ts';
import { TagsView } from './tags-view.tsx';
import { useIsMobile } from '../hooks/use-is-mobile.ts';
import { OfflineNotice } from '../components/query-states.tsx';
import { loadChunk } from '../lib/chunk-load.ts';

// The settings drawer (forms, radios, the vendor list) loads when it is first opened.
const SettingsDrawer = lazy(() =>
  loadChunk(() => import('./settings-drawer.tsx')).then((m) => ({ default: m.SettingsDrawer })),
);

notification.config(NOTIFICATION_DEFAULTS);

/** Focus moves to the page itself; the address (and the page's URL state) stays as it is. */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}

/** The signed-in shell: sidebar, navbar, tabs, page, footer (spec §2 Layout). */
export default function AppLayout() {
  const mobile = useIsMobile();
  const { sidebarOpen } = useSettings();
  // On mobile the sidebar starts closed and its state is not persisted: it is an overlay there.
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Kept once opened, so it closes with its animation.
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // Where focus goes back when the notifications close: the control that opened Settings, when
  // they were opened from there (that drawer has closed meanwhile); the drawer handles the bell.
  const settingsOpener = useRef<HTMLElement | null>(null);
  const notificationsReturn = useRef<HTMLElement | null>(null);
  const [notificationsUsed, setNotificationsUsed] = useState(false);
  if (notificationsOpen && !notificationsUsed) setNotificationsUsed(true);
  const open = mobile ? mobileOpen : sidebarOpen;
  // The vendor's flags decide whether the data-feed screen is in the menu.
  const metadata = useMetadata();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const feeds = hasFeeds(metadata.data);
  // The theme kept with the account wins over this browser's last one.
  useAccountTheme();

  // The guard checks the data-feed screen when it opens; a switch to an account without feeds
  // while it is open leaves it the same way, and closes its tab.
  useEffect(() => {
    if (!metadata.data || feeds || !needsFeeds(pathname)) return;
    tagsActions.close(pathname);
    void navigate('/404', { replace: true });
  }, [metadata.data, feeds, pathname, navigate]);

  useEffect(() => watchIdle(() => void idleLogOut(), idleTimeoutMs()), []);
  // Changes made elsewhere (another user, another tab) reach the screens while the user is signed in.
  useLiveChannel();

  // The phone's drawer closes when a page is chosen in it (onNavigate), on Back and Forward, and
  // when the screen stops being a phone. It does not wait for the new page to render: a route that
  // is still loading must not close a drawer the user has opened again meanwhile.
  useEffect(() => setMobileOpen(false), [mobile]);
  useEffect(() => {
    const close = () => setMobileOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);

  return (
    <Layout className="vp-shell" hasSider>
      <a href="#main" className="vp-skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <Sidebar open={open} mobile={mobile} feeds={feeds} onNavigate={() => setMobileOpen(false)} />
      {mobile && mobileOpen && (
        <div className="vp-backdrop" onClick={() => setMobileOpen(false)} aria-hidden="true" />
      )}
      <Layout className="vp-main-column">
        <Navbar
          sidebarOpen={open}
          mobile={mobile}
          onToggleSidebar={() => (mobile ? setMobileOpen((o) => !o) : setSidebarOpen(!sidebarOpen))}
          onOpenSettings={() => {
            settingsOpener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            setSettingsOpen(true);
          }}
          onOpenNotifications={() => {
            notificationsReturn.current = null;
            setNotificationsOpen(true);
          }}
        />
        <TagsView />
        <OfflineNotice />
        <Layout.Content id="main" className="vp-content" tabIndex={-1}>
          <Suspense fallback={<Spin className="vp-page-spin" />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer
            open={settingsOpen}
            onConsole={isConsolePath(pathname)}
            onClose={() => setSettingsOpen(false)}
            onOpenNotifications={() => {
              notificationsReturn.current = settingsOpener.current;
              setSettingsOpen(false);
              setNotificationsOpen(true);
            }}
          />
        </Suspense>
      )}
      {notificationsUsed && (
        <Suspense fallback={null}>
          <NotificationsDrawer
            open={notificationsOpen}
            onClose={() => {
              setNotificationsOpen(false);
              const back = notificationsReturn.current;
              // After the drawer's own attempt, which finds the Settings drawer's button gone.
              setTimeout(() => {
                const lost = !document.activeElement || document.activeElement === document.body;
                if (back?.isConnected && lost) back.focus();
              });
            }}
          />
        </Suspense>
      )}
    </Layout>
  );
}
