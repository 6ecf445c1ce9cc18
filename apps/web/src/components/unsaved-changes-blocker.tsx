import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmLeaveAll, hasUnsavedChanges } from '../hooks/use-unsaved-changes.ts';

/**
 * The router's one blocker (react-router keeps only one): a navigation while any form registered
 * with useUnsavedChanges is dirty asks before it goes on. Rendered once, at the root route.
 */
export function UnsavedChangesBlocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const moves =
      currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    return moves && hasUnsavedChanges();
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeaveAll().then((go) => (go ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  return null;
}
