import type { Website, WebsiteDetail } from '@vp/contract';
import { Form } from 'antd';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useUnsavedChanges, type UnsavedChanges } from '../../hooks/use-unsaved-changes.ts';
import { useWebsite } from './api.ts';
import {
  canSave,
  createValues,
  fingerprint,
  siteValues,
  type WebsiteFormValues,
} from './website-form-state.ts';

export interface WebsiteFormState {
  /** The site being edited; null while creating. */
  siteId: number | null;
  setSiteId: (id: number) => void;
  creating: boolean;
  form: ReturnType<typeof Form.useForm<WebsiteFormValues>>[0];
  site: ReturnType<typeof useWebsite>;
  /** The saved site as last read; null while creating. */
  saved: Website | null;
  /** The site's own answer, with what a saved site put in the cache by a write may lack. */
  detail: Partial<WebsiteDetail> | undefined;
  initial: WebsiteFormValues | null;
  setInitial: (values: WebsiteFormValues) => void;
  /** The form's starting values (create defaults until a site is loaded). */
  formInitial: WebsiteFormValues;
  /** The rowKey the form was filled from, once per site. */
  loadedKey: number | null;
  /**
   * The version of the site the form was filled from: a save names it, so one made from data that
   * someone else has changed since is refused (409) instead of overwriting theirs.
   */
  version: number | null;
  values: WebsiteFormValues | undefined;
  saveEnabled: boolean;
  /** The locks follow the watched status, which settles a render after the values are set. */
  settled: boolean;
  /** Whether the fields hold edits right now (read from the form, not the last render). */
  /** Whether the form holds edits not saved yet (as last rendered; `dirtyNow` reads it at once). */
  dirty: boolean;
  dirtyNow: () => boolean;
  guard: UnsavedChanges;
  /** The form shows this answer of the server and counts as unchanged again. */
  showSaved: (next: Website) => void;
  /** Reads the site again and shows it, dropping the edits (after a stale save, or a change by others). */
  reload: () => Promise<void>;
}

/**
 * The website form's state: the site it was filled from, the values as first shown (what "changed"
 * is measured against), and the unsaved-changes guard. The page mounts one modal per request
 * (keyed), so all of it starts fresh each time.
 */
export function useWebsiteForm(requestedId: number | null, readOnly: boolean): WebsiteFormState {
  const [siteId, setSiteId] = useState<number | null>(requestedId);
  const [form] = Form.useForm<WebsiteFormValues>();
  const [initial, setInitial] = useState<WebsiteFormValues | null>(() =>
    requestedId === null ? createValues() : null,
  );
  const [loadedKey, setLoadedKey] = useState<number | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const site = useWebsite(siteId);
  const creating = siteId === null;
  const saved: Website | null = creating ? null : (site.data ?? null);

  // Loaded (or re-loaded after a create) site data fills the form once per site.
  useEffect(() => {
    if (!site.data || site.data.rowKey === loadedKey) return;
    const values = siteValues(site.data);
    setInitial(values);
    form.setFieldsValue(values);
    setLoadedKey(site.data.rowKey);
    setVersion(site.data.version);
  }, [site.data, loadedKey, form]);

  const values = Form.useWatch([], form) as WebsiteFormValues | undefined;
  const saveEnabled = canSave(values, initial, creating);
  const dirty =
    !readOnly && values !== undefined && initial !== null && fingerprint(values) !== fingerprint(initial);
  const guard = useUnsavedChanges(dirty);
  const settled = values !== undefined && initial !== null && values.status === initial.status;
  const formInitial = useMemo(() => initial ?? createValues(), [initial]);

  function dirtyNow(): boolean {
    const now = form.getFieldsValue(true) as WebsiteFormValues;
    return !readOnly && initial !== null && fingerprint(now) !== fingerprint(initial);
  }

  function showSaved(next: Website) {
    const fresh = siteValues(next);
    setInitial(fresh);
    form.setFieldsValue(fresh);
    setVersion(next.version);
  }

  // A newer reading of the site (another tab's or user's change, a request of this user's) is shown
  // at once while the form holds no edits. Edits are never replaced silently: the form keeps the
  // version they were made from, and their save is refused if it is stale.
  const newer =
    site.data && site.data.rowKey === loadedKey && version !== null && site.data.version !== version;
  const adopt = useEffectEvent((next: Website) => {
    if (!dirtyNow()) showSaved(next);
  });
  useEffect(() => {
    if (newer && site.data) adopt(site.data);
  }, [newer, site.data]);

  async function reload() {
    const fresh = await site.refetch();
    if (fresh.data) showSaved(fresh.data);
  }

  return {
    siteId,
    setSiteId,
    creating,
    form,
    site,
    saved,
    detail: site.data as Partial<WebsiteDetail> | undefined,
    initial,
    setInitial,
    formInitial,
    loadedKey,
    version,
    values,
    saveEnabled,
    settled,
    dirty,
    dirtyNow,
    guard,
    showSaved,
    reload,
  };
}
