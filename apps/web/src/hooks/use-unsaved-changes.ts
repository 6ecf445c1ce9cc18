import { useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { confirmDiscard } from '../components/discard-confirm.ts';

/**
 * The unsaved-changes guard. A form with edits not yet saved registers here while it is dirty;
 * then closing it asks first (`confirmLeave`), leaving the route asks first (the one
 * UnsavedChangesBlocker of the router reads `hasUnsavedChanges`), and closing or reloading the tab
 * gets the browser's own warning.
 */
const dirtyForms = new Set<string>();
/** Forms whose user already agreed to discard (or that just saved): the next navigation passes. */
const released = new Set<string>();

function onBeforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  // Older browsers show the warning only when returnValue is set.
  e.returnValue = '';
}

function sync() {
  if (hasUnsavedChanges()) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/** True while some form holds edits that nobody agreed to discard. */
export function hasUnsavedChanges(): boolean {
  for (const id of dirtyForms) if (!released.has(id)) return true;
  return false;
}

/** Asks before a navigation away from unsaved edits; answers true to go on. */
export async function confirmLeaveAll(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const discard = await confirmDiscard();
  if (discard) for (const id of dirtyForms) released.add(id);
  sync();
  return discard;
}

export interface UnsavedChanges {
  /**
   * Answers true when the form may close: nothing to lose, or the user chose to discard. A form
   * that can tell from its fields whether it is dirty right now passes that, so a key pressed
   * before the last edit has re-rendered is still guarded.
   */
  confirmLeave: (dirtyNow?: boolean) => Promise<boolean>;
  /** The edits were saved or handed on: the next close or navigation does not ask. */
  release: () => void;
}

export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const id = useId();
  const dirtyRef = useRef(dirty);

  // In the commit that shows the edit (Save enabled), not after the paint: a navigation made at once
  // is already guarded.
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) dirtyForms.add(id);
    else {
      dirtyForms.delete(id);
      // Clean again: a later edit is guarded anew.
      released.delete(id);
    }
    sync();
  }, [dirty, id]);

  useEffect(
    () => () => {
      dirtyForms.delete(id);
      released.delete(id);
      sync();
    },
    [id],
  );

  const confirmLeave = useCallback(
    async (dirtyNow?: boolean) => {
      if (!(dirtyNow ?? dirtyRef.current) || released.has(id)) return true;
      const discard = await confirmDiscard();
      if (discard) {
        released.add(id);
        sync();
      }
      return discard;
    },
    [id],
  );

  const release = useCallback(() => {
    released.add(id);
    sync();
  }, [id]);

  return { confirmLeave, release };
}
