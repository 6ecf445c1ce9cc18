import { CloseOutlined } from '@ant-design/icons';
import { nextViewAfterClose, type VisitedView } from '@vp/contract';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { findRoute } from '../lib/route-table.ts';
import { useSession } from '../lib/session.ts';
import { useStore } from '../lib/store.ts';
import { TagsContextMenu } from './tags-context-menu.tsx';
import { tagsActions, tagsStore } from './tags-store.ts';

type MenuKey = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Room left beside the current tab when the bar scrolls to it, so its neighbour shows it goes on. */
const TAB_MARGIN = 24;

/** Scrolls the bar sideways, and only the bar, until the current tab is wholly in view. */
function revealCurrentTab(bar: HTMLElement | null): void {
  const tab = bar?.querySelector<HTMLElement>('.vp-tag-active');
  if (!bar || !tab) return;
  const b = bar.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  if (t.left < b.left) bar.scrollLeft -= b.left - t.left + TAB_MARGIN;
  else if (t.right > b.right) bar.scrollLeft += t.right - b.right + TAB_MARGIN;
}

interface OpenMenu {
  view: VisitedView;
  x: number;
  y: number;
}

/** The tab bar of visited pages, with the right-click menu of spec §2 Layout. */
/** Space between a tab and its menu (px). */
const MENU_GAP = 2;
/** The menu's width (px), as tags-view's CSS draws it: room it needs from the window's right edge. */
const MENU_WIDTH = 180;

export function TagsView() {
  const views = useStore(tagsStore);
  const { pathname, search } = useLocation();
  const { roles } = useSession();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  // Where focus goes back to when the menu is dismissed.
  const opener = useRef<HTMLElement | null>(null);
  const bar = useRef<HTMLElement | null>(null);

  // The bar keeps the current tab in view: after a move to another page, a new tab, and when the
  // window narrows (a phone turned, a window resized). After the paint: measuring during the commit
  // would lay out the whole new page in the same task, and on a slow phone keep it from answering.
  useEffect(() => revealCurrentTab(bar.current), [pathname, views.length]);
  useEffect(() => {
    const onResize = () => revealCurrentTab(bar.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    const route = findRoute(pathname, roles);
    if (!route?.title || route.public) return;
    tagsActions.visit({
      path: pathname,
      fullPath: `${pathname}${search}`,
      title: route.title,
      affix: route.affix,
    });
  }, [pathname, search, roles]);

  const closeMenu = useCallback(() => {
    setMenu(null);
    opener.current?.focus();
  }, []);

  function goAfterClose() {
    const to = nextViewAfterClose(tagsStore.get(), pathname);
    if (to) void navigate(to);
  }

  function act(view: VisitedView, key: MenuKey) {
    setMenu(null);
    switch (key) {
      case 'refresh':
        void navigate(`/redirect${view.fullPath}`, { replace: true });
        return;
      case 'close':
        tagsActions.close(view.path);
        goAfterClose();
        return;
      case 'closeOthers':
        tagsActions.closeOthers(view.path);
        if (view.path !== pathname) void navigate(view.fullPath);
        return;
      case 'closeAll':
        tagsActions.closeAll();
        goAfterClose();
        return;
    }
  }

  /**
   * The bar is one stop of the Tab key: the current page's tab. The arrow keys, Home and End move
   * between the tabs, and Delete closes the one in focus (focus goes on to its neighbour).
   */
  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const links = [...(bar.current?.querySelectorAll<HTMLAnchorElement>('.vp-tag > a') ?? [])];
    const at = links.indexOf(e.target as HTMLAnchorElement);
    if (at < 0) return;
    const moveTo = (i: number) => {
      e.preventDefault();
      links[(i + links.length) % links.length]?.focus();
    };
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') moveTo(at + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') moveTo(at - 1);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(links.length - 1);
    else if (e.key === 'Delete') {
      const view = views[at];
      if (!view || view.affix) return;
      e.preventDefault();
      focusAfterClose.current = Math.min(at, links.length - 2);
      act(view, 'close');
    }
  }

  // After a tab closed from the keyboard, focus goes to the tab now in its place.
  const focusAfterClose = useRef<number | null>(null);
  useEffect(() => {
    const i = focusAfterClose.current;
    if (i === null) return;
    focusAfterClose.current = null;
    bar.current?.querySelectorAll<HTMLAnchorElement>('.vp-tag > a')[Math.max(0, i)]?.focus();
  }, [views]);

  function openMenu(view: VisitedView, e: MouseEvent<HTMLElement>) {
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    // The menu opens under the tab it acts on, so that tab stays in sight: at the pointer's
    // left, or at the tab's own left when the keyboard opened it (no pointer position).
    const fromKeyboard = e.clientX === 0 && e.clientY === 0;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Kept within the window: on a phone a tap near the right edge would push it off the screen.
    const x = Math.max(0, Math.min(fromKeyboard ? rect.left : e.clientX, window.innerWidth - MENU_WIDTH));
    setMenu({ view, x, y: rect.bottom + MENU_GAP });
  }

  return (
    <nav
      className="vp-tags"
      aria-label="Visited pages"
      data-testid="tags-view"
      ref={bar}
      onKeyDown={onKeyDown}
    >
      {views.map((view, i) => {
        const active = view.path === pathname;
        // One stop for the bar: the current page's tab, or the first when none is current.
        const stop = active || (i === 0 && !views.some((v) => v.path === pathname));
        return (
          <span
            key={view.path}
            className={`vp-tag${active ? ' vp-tag-active' : ''}`}
            data-testid="tags-view-item"
            data-path={view.path}
            onContextMenu={(e) => openMenu(view, e)}
          >
            <Link
              to={view.fullPath}
              aria-current={active ? 'page' : undefined}
              tabIndex={stop ? 0 : -1}
              aria-keyshortcuts={view.affix ? undefined : 'Delete'}
            >
              {view.title}
            </Link>
            {!view.affix && (
              <button
                type="button"
                className="vp-tag-close"
                aria-label={`Close ${view.title}`}
                // Keyboard users close a tab with Delete on it; the button is the pointer's.
                tabIndex={-1}
                onClick={() => act(view, 'close')}
              >
                <CloseOutlined aria-hidden="true" />
              </button>
            )}
          </span>
        );
      })}
      {menu && (
        <TagsContextMenu
          x={menu.x}
          y={menu.y}
          items={[
            { key: 'refresh', label: 'Refresh' },
            { key: 'close', label: 'Close', disabled: menu.view.affix },
            { key: 'closeOthers', label: 'Close Others' },
            { key: 'closeAll', label: 'Close All' },
          ]}
          onSelect={(key) => act(menu.view, key as MenuKey)}
          onClose={closeMenu}
        />
      )}
    </nav>
  );
}
