import { addVisitedView, closeAllViews, closeOtherViews, closeView, type VisitedView } from '@vp/contract';
import { affixRoutes } from '../lib/route-table.ts';
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

export const tagsStore = createStore<VisitedView[]>(initialViews());

onSessionReset(() => tagsStore.set(initialViews()));

export const tagsActions = {
  visit: (view: VisitedView) => tagsStore.set((v) => addVisitedView(v, view)),
  close: (path: string) => tagsStore.set((v) => closeView(v, path)),
  closeOthers: (path: string) => tagsStore.set((v) => closeOtherViews(v, path)),
  closeAll: () => tagsStore.set((v) => closeAllViews(v)),
};
