/**
 * The tab bar of visited pages (spec §2 Layout) as pure list operations, so the close rules
 * (affixed tabs survive every close) are pinned by tests rather than buried in a component.
 */
export interface VisitedView {
  /** Route path without query; identifies the tab. */
  path: string;
  /** Path with query, restored when the tab is clicked. */
  fullPath: string;
  title: string;
  affix?: boolean;
}

/** Adds a visit, or refreshes the stored query of an already open tab. */
export function addVisitedView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const i = views.findIndex((v) => v.path === view.path);
  if (i === -1) return [...views, view];
  const next = views.slice();
  next[i] = { ...views[i]!, fullPath: view.fullPath, title: view.title };
  return next;
}

export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path !== path);
}

export function closeOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function closeAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((v) => v.affix);
}

/**
 * Where to go after the tab bar changed: stay if the current page is still open, otherwise the
 * last remaining tab, otherwise the given fallback.
 */
export function nextViewAfterClose(
  remaining: readonly VisitedView[],
  currentPath: string,
  fallback = '/dashboard',
): string | null {
  if (remaining.some((v) => v.path === currentPath)) return null;
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : fallback;
}
