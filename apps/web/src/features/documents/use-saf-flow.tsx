import { SafMessages, type DocumentInfo, type DocumentType } from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { message } from '../../lib/toast.ts';
import { fetchDocuments, useSafType, useVoidDocument } from './api.ts';
import { ResendSafDialog } from './components/resend-saf-dialog.tsx';
import type { SafSite } from './components/saf-signatory-dialog.tsx';
import { VoidReasonDialog } from './components/void-reason-dialog.tsx';

export const SafFlowTexts = {
  saveFirstTitle: 'Unsaved changes',
  saveFirst: 'Save your changes before sending the SAF?',
} as const;

type SignatoryDialog = ComponentType<{ typeId: number; site: SafSite; onClose: () => void }>;

/** The signatory dialog is loaded when a SAF is first sent, not with the website modal. */
const loadSignatoryDialog = () => import('./components/saf-signatory-dialog.tsx').then((m) => m.default);

/** A SAF of the site that still counts: sent or signed, and not voided. */
export function liveSaf(docs: readonly DocumentInfo[], safType: DocumentType): DocumentInfo | null {
  return (
    docs.find(
      (d) => !d.voided && d.signatureRequired && (d.typeId === safType.id || d.typeString === 'SAF'),
    ) ?? null
  );
}

interface Options {
  /** The saved site, or null while creating. */
  site: SafSite | null;
  /** The read-only role: no SAF, and nothing is asked of the server about it. */
  readOnly: boolean;
  /** True when the form holds edits not yet saved. */
  dirty: () => boolean;
  /** Saves the form; answers true when it is saved. */
  save: () => Promise<boolean>;
}

export interface SafFlow {
  /** A SAF type exists (or could not be checked: the button then says so when pressed). */
  typeExists: boolean;
  busy: boolean;
  start: () => void;
  /** Sends a form for the terms a pending change request asks for (the site's own form stays). */
  startFor: (requestId: number) => void;
  /** The flow's dialogs, to render beside the form. */
  dialogs: ReactNode;
}

/**
 * Sending a Site Access Form from the website modal (spec §4 SAF): unsaved edits first, then the
 * Resend SAF dialog when a live SAF exists, then the signatory dialog.
 */
export function useSafFlow({ site, readOnly, dirty, save }: Options): SafFlow {
  const qc = useQueryClient();
  const safType = useSafType(!readOnly);
  const voidDoc = useVoidDocument(site?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [existing, setExisting] = useState<DocumentInfo | null>(null);
  const [voidMode, setVoidMode] = useState<'void' | 'resend' | null>(null);
  const [voidTarget, setVoidTarget] = useState<DocumentInfo | null>(null);
  const [signing, setSigning] = useState<{
    Dialog: SignatoryDialog;
    typeId: number;
    requestId?: number;
  } | null>(null);

  // The SAF button is disabled while the flow checks the server, which drops its focus; when the
  // last of the flow's dialogs has closed, focus goes back to it (or whatever started the flow).
  const opener = useRef<HTMLElement | null>(null);
  const anyOpen = useRef(false);
  useLayoutEffect(() => {
    anyOpen.current = existing !== null || voidMode !== null || signing !== null;
  });
  const returnFocus = () =>
    window.setTimeout(() => {
      if (!anyOpen.current && opener.current?.isConnected) opener.current.focus();
    }, 0);

  async function openSignatories(typeId: number, requestId?: number) {
    try {
      const Dialog = await loadSignatoryDialog();
      setSigning({ Dialog, typeId, ...(requestId === undefined ? {} : { requestId }) });
    } catch {
      void message.error(SafMessages.loadDialogFailed);
    }
  }

  function askToSave(): Promise<boolean> {
    return new Promise((resolve) => {
      Modal.confirm({
        title: SafFlowTexts.saveFirstTitle,
        content: SafFlowTexts.saveFirst,
        okText: 'Save',
        cancelText: 'Cancel',
        onOk: async () => resolve(await save()),
        onCancel: () => {
          void message.info(SafMessages.canceled);
          resolve(false);
        },
      });
    });
  }

  async function start() {
    if (!site || readOnly || busy) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    try {
      let type: DocumentType | null;
      try {
        type =
          safType.isError || !safType.data
            ? (await safType.refetch({ throwOnError: true })).data!
            : safType.data;
      } catch {
        void message.error(SafMessages.checkFailed);
        return;
      }
      if (!type) return;
      if (dirty() && !(await askToSave())) return;
      let docs: DocumentInfo[];
      try {
        docs = await qc.fetchQuery({
          queryKey: queryKeys.documents.site(site.id),
          queryFn: () => fetchDocuments(site.id),
          staleTime: 0,
        });
      } catch {
        void message.error(SafMessages.checkFailed);
        return;
      }
      const live = liveSaf(docs, type);
      if (live) setExisting(live);
      else await openSignatories(type.id);
    } finally {
      setBusy(false);
    }
  }

  async function startFor(requestId: number) {
    if (!site || readOnly || busy) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    try {
      const type =
        safType.isError || !safType.data
          ? (await safType.refetch({ throwOnError: true })).data
          : safType.data;
      if (type) await openSignatories(type.id, requestId);
    } catch {
      void message.error(SafMessages.checkFailed);
    } finally {
      setBusy(false);
    }
  }

  function chooseVoid(mode: 'void' | 'resend') {
    setVoidTarget(existing);
    setExisting(null);
    setVoidMode(mode);
  }

  async function confirmVoid(reason: string) {
    if (!voidTarget) return;
    const mode = voidMode;
    try {
      await voidDoc.mutateAsync({ documentId: voidTarget.rowKey, reason });
      void message.success(SafMessages.voided);
      setVoidMode(null);
      setVoidTarget(null);
      const typeId = safType.data?.id;
      if (mode === 'resend' && typeId) await openSignatories(typeId);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  const dialogs = (
    <>
      <ResendSafDialog
        existing={existing}
        afterClose={returnFocus}
        onCancel={() => {
          setExisting(null);
          void message.info(SafMessages.canceled);
        }}
        onVoid={() => chooseVoid('void')}
        onVoidAndResend={() => chooseVoid('resend')}
      />
      <VoidReasonDialog
        open={voidMode !== null}
        afterClose={returnFocus}
        okText={voidMode === 'resend' ? 'Void & Resend' : 'Void'}
        busy={voidDoc.isPending}
        onConfirm={(r) => void confirmVoid(r)}
        onCancel={() => {
          void message.info(
            voidMode === 'resend' ? SafMessages.voidResendCancelled : SafMessages.voidCancelled,
          );
          setVoidMode(null);
          setVoidTarget(null);
        }}
      />
      {signing && site && (
        <signing.Dialog
          typeId={signing.typeId}
          site={signing.requestId === undefined ? site : { ...site, requestId: signing.requestId }}
          onClose={() => {
            setSigning(null);
            anyOpen.current = existing !== null || voidMode !== null;
            returnFocus();
          }}
        />
      )}
    </>
  );

  return {
    typeExists: !readOnly && (safType.data != null || safType.isError),
    busy,
    start: () => void start(),
    startFor: (requestId) => void startFor(requestId),
    dialogs,
  };
}
