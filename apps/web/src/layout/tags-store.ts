import { addVisitedView, closeAllViews, closeOtherViews, closeView, type VisitedView } from '@vp/contract';
import { affixRoutes, findRoute } from '../lib/route-table.ts';
import { onSessionReset } from '../lib/session.ts';
import { createStore } from '../lib/store.ts';

function initialViews(): VisitedView[] {
  return affixRoutes().map((r) => ({
    path: r.path,
    fullPath: r.path,
    title: r.title ?? r.path,
    affix: true,
  }));
}

/**
 * The visited pages outlive a reload of the browser tab (not the tab itself): they are kept in the
 * tab's session storage, and a sign-out forgets them.
 */
export const VISITED_VIEWS_KEY = 'vp.visitedViews';

function isView(value: unknown): value is VisitedView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.path === 'string' &&
    typeof v.fullPath === 'string' &&
    typeof v.title === 'string' &&
    v.fullPath.startsWith(v.path) &&
    findRoute(v.path) !== undefined
  );
}

/** The pinned pages, then the pages this tab had open before a reload (where still valid). */
export function restoredViews(): VisitedView[] {
  const views = initialViews();
  let saved: unknown;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(VISITED_VIEWS_KEY) ?? '[]');
  } catch {
    return views;
  }
  if (!Array.isArray(saved)) return views;
  for (const view of saved.filter(isView)) {
    if (views.some((v) => v.path === view.path)) continue;
    views.push({ path: view.path, fullPath: view.fullPath, title: view.title });
  }
  return views;
}

function keep(views: readonly VisitedView[] | null): void {
  try {
    if (views === null) window.sessionStorage.removeItem(VISITED_VIEWS_KEY);
    else window.sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(views.filter((v) => !v.affix)));
  } catch {
    // Without storage the tabs last for this page load.
  }
}

export const tagsStore = createStore<VisitedView[]>(restoredViews());
tagsStore.subscribe(() => keep(tagsStore.get()));

onSessionReset(() => {
  tagsStore.set(initialViews());
  keep(null);
});

export const tagsActions = {
  visit: (view: VisitedView) => tagsStore.set((v) => addVisitedView(v, view)),
  close: (path: string) => tagsStore.set((v) => closeView(v, path)),
  closeOthers: (path: string) => tagsStore.set((v) => closeOtherViews(v, path)),
  closeAll: () => tagsStore.set((v) => closeAllViews(v)),
};
