import { WebsiteMessages } from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { fieldErrorsOf } from '../../lib/form-errors.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { message, toastSaved } from '../../lib/toast.ts';
import { useCreateWebsite, useDeleteWebsite, useUpdateWebsite, useWithdrawTermination } from './api.ts';
import type { WebsiteFormState } from './use-website-form.ts';
import { toInput, type WebsiteFormValues } from './website-form-state.ts';

/** Server refusals shown on the field they are about, as well as in the toast. */
const FIELD_ERRORS = { domainName: [WebsiteMessages.duplicateDomain] } as const;

const LEAVE_WEBSITE_TAB = 'leave-website-tab';

/** The requests a saved site's Website tab opens a dialog for. */
export type WebsiteRequestDialog = 'domain' | 'agent' | 'product' | 'termination';

export interface WebsiteActions {
  /** Creates or saves; answers the site id on success. */
  save: () => Promise<number | null>;
  /** Leaving the Website tab while creating saves first (spec §4 Modal mode); true once saved. */
  saveBeforeLeaving: () => Promise<boolean>;
  confirmDelete: () => void;
  confirmWithdraw: () => void;
  saving: boolean;
  deleting: boolean;
  /** This modal deleted its site. */
  deleted: boolean;
  withdrawing: boolean;
  /** The server's refusal of a stale save (409), shown until the site is reloaded. */
  stale: string | null;
  /** Reads the site (and its team) again and resets the form to it. */
  reload: () => Promise<void>;
  reloading: boolean;
  /** The request dialog that is open, if any. */
  request: WebsiteRequestDialog | null;
  openRequest: (kind: WebsiteRequestDialog) => void;
  closeRequest: () => void;
}

interface Options {
  onClose: () => void;
  /** Called after a create, with the new id (the page keeps the URL in step). */
  onCreated?: (id: number) => void;
}

/** What the modal does to its site: save, delete, withdraw a termination, and the request dialogs. */
export function useWebsiteActions(state: WebsiteFormState, { onClose, onCreated }: Options): WebsiteActions {
  const { form, siteId, saved, guard } = state;
  const create = useCreateWebsite();
  const update = useUpdateWebsite();
  const remove = useDeleteWebsite();
  const withdraw = useWithdrawTermination(siteId ?? 0);
  const [request, setRequest] = useState<WebsiteRequestDialog | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const qc = useQueryClient();

  async function reload() {
    setReloading(true);
    try {
      await Promise.all([
        state.reload(),
        siteId === null ? null : qc.invalidateQueries({ queryKey: queryKeys.teams.site(siteId) }),
      ]);
      setStale(null);
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setReloading(false);
    }
  }

  async function validValues(): Promise<WebsiteFormValues | null> {
    try {
      await form.validateFields();
      return form.getFieldsValue(true) as WebsiteFormValues;
    } catch {
      return null;
    }
  }

  async function save(): Promise<number | null> {
    const v = await validValues();
    if (!v) return null;
    try {
      if (siteId === null) {
        const { id } = await create.mutateAsync(toInput(v));
        toastSaved(WebsiteMessages.created);
        // Saved: the page may put the new site in its URL without asking about unsaved edits.
        guard.release();
        state.setInitial(v);
        state.setSiteId(id);
        onCreated?.(id);
        return id;
      }
      const next = await update.mutateAsync({ ...toInput(v), rowKey: siteId, version: state.version ?? 0 });
      toastSaved(WebsiteMessages.saved);
      state.showSaved(next);
      setStale(null);
      return siteId;
    } catch (err) {
      const fields = fieldErrorsOf(err, FIELD_ERRORS);
      // Someone else saved first: their change stays, and the modal says so until it is reloaded.
      // (A taken domain is a 409 too, but one about a field.)
      if (siteId !== null && err instanceof ApiError && err.status === 409 && !fields.length) {
        setStale(errorMessage(err));
        return null;
      }
      void message.error(errorMessage(err));
      if (fields.length) form.setFields(fields);
      return null;
    }
  }

  async function saveBeforeLeaving(): Promise<boolean> {
    // One notice for the action: the prompt is replaced by what came of it.
    void message.info({ content: WebsiteMessages.saveFirst, key: LEAVE_WEBSITE_TAB });
    const v = await validValues();
    if (!v || !v.agent?.agent?.memberNumber) {
      void message.error({ content: WebsiteMessages.invalidBeforeSave, key: LEAVE_WEBSITE_TAB });
      return false;
    }
    message.destroy(LEAVE_WEBSITE_TAB);
    return (await save()) !== null;
  }

  function confirmDelete() {
    if (!saved) return;
    const target = saved;
    Modal.confirm({
      title: 'Warning',
      content: `Are you sure you want to delete ${target.domainName}?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(target.rowKey);
          // One notice per action: the toast says it, no notification repeats it.
          toastSaved(WebsiteMessages.deleted);
          guard.release();
          onClose();
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
      onCancel: () => void message.info(WebsiteMessages.deleteCanceled),
    });
  }

  function confirmWithdraw() {
    if (!saved) return;
    Modal.confirm({
      title: WebsiteMessages.withdrawTermination,
      content: WebsiteMessages.withdrawConfirm,
      okText: WebsiteMessages.withdrawTermination,
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          state.showSaved(await withdraw.mutateAsync());
          toastSaved(WebsiteMessages.terminationWithdrawn);
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
    });
  }

  return {
    save,
    saveBeforeLeaving,
    confirmDelete,
    confirmWithdraw,
    saving: create.isPending || update.isPending,
    deleting: remove.isPending,
    deleted: remove.isSuccess,
    withdrawing: withdraw.isPending,
    stale,
    reload,
    reloading,
    request,
    openRequest: setRequest,
    closeRequest: () => setRequest(null),
  };
}
