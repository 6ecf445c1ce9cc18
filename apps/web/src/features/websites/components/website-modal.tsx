import { HistoryOutlined } from '@ant-design/icons';
import {
  canWrite,
  isTeamEditable,
  MODAL_WIDTH,
  SUPPORT_EMAIL,
  TEAM_PRODUCT_ID,
  WebsiteMessages,
  type Website,
  type WebsiteDetail,
} from '@vp/contract';
import { Alert, Button, Form, Modal, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDraggable } from '../../../hooks/use-draggable.tsx';
import { useIsMobile } from '../../../hooks/use-is-mobile.ts';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { wrapFocus } from '../../../lib/focus-wrap.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useRole } from '../../../lib/session.ts';
import { message, toastSaved } from '../../../lib/toast.ts';
import { AgentInfoDialog } from '../../agents/index.ts';
import { useMetadata } from '../../dashboard/index.ts';
import { FilesTab, useSafFlow } from '../../documents/index.ts';
import {
  useCreateWebsite,
  useDeleteWebsite,
  useUpdateWebsite,
  useWebsite,
  useWithdrawTermination,
} from '../api.ts';
import {
  canSave,
  createValues,
  fingerprint,
  siteValues,
  toInput,
  type WebsiteFormValues,
} from '../website-form-state.ts';
import { AgentChangeDialog } from './agent-change-dialog.tsx';
import { DomainChangeDialog } from './domain-change-dialog.tsx';
import { PendingRequests } from './pending-requests.tsx';
import { TerminationDialog } from './termination-dialog.tsx';
import { WebsiteForm } from './website-form.tsx';
import '../websites.css';

export type WebsiteTab = 'website' | 'files' | 'history' | 'team';

export interface TeamSlotProps {
  siteId: number;
  primary: string;
  reciprocalAllowed: boolean;
  readOnly: boolean;
}

/**
 * What other features show inside the modal: the History tab and drawer and the Team tab. The page
 * that opens the modal passes them in, so this feature does not depend on history or teams.
 */
export interface WebsiteModalSlots {
  history?: (siteId: number, active: boolean) => ReactNode;
  historyDrawer?: (siteId: number, open: boolean, onClose: () => void) => ReactNode;
  team?: (props: TeamSlotProps) => ReactNode;
}

interface Props {
  open: boolean;
  /** The site to edit; null opens the modal in create mode. */
  siteId: number | null;
  onClose: () => void;
  /** Called after a create, with the new id (the page keeps the URL in step). */
  onCreated?: (id: number) => void;
  slots?: WebsiteModalSlots;
}

/** Server refusals shown on the field they are about, as well as in the toast. */
const FIELD_ERRORS = { domainName: [WebsiteMessages.duplicateDomain] } as const;

/** The form fields a keyboard user can reach first: the first one that is not disabled gets focus. */
const FIELD_SELECTOR = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])';

const LEAVE_WEBSITE_TAB = 'leave-website-tab';

/**
 * The website modal (spec §2 Website modal): draggable, 1100 px, tabs on the left; on a phone
 * full-screen with the tabs on top. It starts in create mode for a new site and switches to update
 * mode after a successful create. Closing it with unsaved edits asks first; it opens with focus on
 * its first field and gives focus back to what opened it when it goes.
 */
export function WebsiteModal({ open, siteId: requestedId, onClose, onCreated, slots = {} }: Props) {
  // The page mounts one modal per request (keyed), so all state here starts fresh each time.
  const [siteId, setSiteId] = useState<number | null>(requestedId);
  const [tab, setTab] = useState<WebsiteTab>('website');
  const [form] = Form.useForm<WebsiteFormValues>();
  const [initial, setInitial] = useState<WebsiteFormValues | null>(() =>
    requestedId === null ? createValues() : null,
  );
  const [loadedKey, setLoadedKey] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [domainChangeOpen, setDomainChangeOpen] = useState(false);
  const [agentChangeOpen, setAgentChangeOpen] = useState(false);
  const [terminationOpen, setTerminationOpen] = useState(false);
  const [agentInfo, setAgentInfo] = useState<string | null>(null);
  const mobile = useIsMobile();
  const drag = useDraggable(!mobile);
  // What had focus when the modal opened (the row, or the New Website button) gets it back on close.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  // A state, not a ref: the form renders inside the dialog's portal a commit after the modal itself.
  const [formBox, setFormBox] = useState<HTMLDivElement | null>(null);
  // An unknown role (profile not loaded, or not one the app knows) gets the read-only modal.
  const role = useRole();
  const readOnly = role === null || !canWrite(role);
  const metadata = useMetadata();
  const reciprocalAllowed = metadata.data?.reciprocalAllowed ?? false;

  const site = useWebsite(siteId);
  const create = useCreateWebsite();
  const update = useUpdateWebsite();
  const remove = useDeleteWebsite();
  const withdraw = useWithdrawTermination(siteId ?? 0);
  const creating = siteId === null;
  const saved: Website | null = creating ? null : (site.data ?? null);
  // A saved site put in the cache by a write comes without its requests until it is read again.
  const pendingRequests = (site.data as Partial<WebsiteDetail> | undefined)?.pendingRequests;

  // Loaded (or re-loaded after a create) site data fills the form once per site.
  useEffect(() => {
    if (!site.data || site.data.rowKey === loadedKey) return;
    const values = siteValues(site.data);
    setInitial(values);
    form.setFieldsValue(values);
    setLoadedKey(site.data.rowKey);
  }, [site.data, loadedKey, form]);

  const values = Form.useWatch([], form) as WebsiteFormValues | undefined;
  const saveEnabled = canSave(values, initial, creating);
  const dirty =
    !readOnly && values !== undefined && initial !== null && fingerprint(values) !== fingerprint(initial);
  const guard = useUnsavedChanges(dirty);

  useEffect(
    () => () => {
      // After the dialog's own focus lock has let go, which happens later in the same unmount.
      setTimeout(() => {
        if (opener?.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );

  // Focus goes to the first field that can be edited, once per site, when the form shows its
  // values: the locks follow the watched status, which settles a render after the values are set
  // (a field focused before then could be disabled under the cursor).
  const focusKey = creating ? 'new' : loadedKey;
  const settled = values !== undefined && initial !== null && values.status === initial.status;
  const focusedFor = useRef<number | 'new' | null>(null);
  useEffect(() => {
    if (focusKey === null || !open || !formBox || !settled || focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    formBox.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus({ preventScroll: true });
  }, [focusKey, open, formBox, settled]);

  /** Close, the ✕ and Escape: unsaved edits are only dropped when the user says so. */
  async function requestClose() {
    const now = form.getFieldsValue(true) as WebsiteFormValues;
    const dirtyNow = !readOnly && initial !== null && fingerprint(now) !== fingerprint(initial);
    if (await guard.confirmLeave(dirtyNow)) onClose();
  }

  const saf = useSafFlow({
    site: saved
      ? { id: saved.rowKey, domainName: saved.domainName, brokerMlsId: saved.broker?.mlsId || null }
      : null,
    readOnly,
    dirty: () => {
      const now = form.getFieldsValue(true) as WebsiteFormValues;
      return !readOnly && initial !== null && fingerprint(now) !== fingerprint(initial);
    },
    save: async () => (await save()) !== null,
  });

  const teamProduct = creating
    ? values?.product === TEAM_PRODUCT_ID
    : !!saved?.products.includes(TEAM_PRODUCT_ID);

  async function validValues(): Promise<WebsiteFormValues | null> {
    try {
      await form.validateFields();
      return form.getFieldsValue(true) as WebsiteFormValues;
    } catch {
      return null;
    }
  }

  /** Creates or saves; answers the site id on success. */
  async function save(): Promise<number | null> {
    const v = await validValues();
    if (!v) return null;
    try {
      if (creating) {
        const { id } = await create.mutateAsync(toInput(v));
        toastSaved(WebsiteMessages.created);
        // Saved: the page may put the new site in its URL without asking about unsaved edits.
        guard.release();
        setInitial(v);
        setSiteId(id);
        onCreated?.(id);
        return id;
      }
      const next = await update.mutateAsync({ ...toInput(v), rowKey: siteId });
      toastSaved(WebsiteMessages.saved);
      showSaved(next);
      return siteId;
    } catch (err) {
      void message.error(errorMessage(err));
      const fields = fieldErrorsOf(err, FIELD_ERRORS);
      if (fields.length) form.setFields(fields);
      return null;
    }
  }

  /** The form shows what the server answered, and counts as unchanged again. */
  function showSaved(next: Website) {
    const fresh = siteValues(next);
    setInitial(fresh);
    form.setFieldsValue(fresh);
  }

  /** Leaving the Website tab while creating saves first (spec §4 Modal mode). */
  async function changeTab(key: string) {
    const next = key as WebsiteTab;
    if (creating && tab === 'website' && next !== 'website') {
      // One notice for the action: the prompt is replaced by what came of it.
      void message.info({ content: WebsiteMessages.saveFirst, key: LEAVE_WEBSITE_TAB });
      const v = await validValues();
      if (!v || !v.agent?.agent?.memberNumber) {
        void message.error({ content: WebsiteMessages.invalidBeforeSave, key: LEAVE_WEBSITE_TAB });
        return;
      }
      message.destroy(LEAVE_WEBSITE_TAB);
      const id = await save();
      if (id !== null) setTab(next);
      return;
    }
    setTab(next);
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
          showSaved(await withdraw.mutateAsync());
          toastSaved(WebsiteMessages.terminationWithdrawn);
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
    });
  }

  const formInitial = useMemo(() => initial ?? createValues(), [initial]);

  const websiteTab = (
    <WebsiteForm
      form={form}
      name={`website-${siteId ?? 'new'}`}
      initialValues={formInitial}
      site={saved}
      saf={creating ? null : ((site.data as Partial<WebsiteDetail> | undefined)?.saf ?? null)}
      pendingRequests={pendingRequests}
      role={role}
      readOnly={readOnly}
      reciprocalAllowed={reciprocalAllowed}
      saveEnabled={saveEnabled}
      saving={create.isPending || update.isPending}
      deleting={remove.isPending}
      onSave={() => void save()}
      onDelete={confirmDelete}
      onDomainChange={() => setDomainChangeOpen(true)}
      onAgentChange={() => setAgentChangeOpen(true)}
      onRequestTermination={() => setTerminationOpen(true)}
      onWithdrawTermination={confirmWithdraw}
      withdrawing={withdraw.isPending}
      onAgentInfo={(m) => setAgentInfo(m)}
      safTypeExists={saf.typeExists}
      onSaf={saf.start}
      safBusy={saf.busy}
    />
  );

  const loadingExisting = !creating && site.isLoading;
  const title = creating ? 'New Website' : (saved?.domainName ?? 'Website');

  const items = [
    {
      key: 'website',
      label: 'Website',
      children: (
        <Spin spinning={loadingExisting}>
          {saved && <PendingRequests siteId={saved.rowKey} readOnly={readOnly} />}
          <div ref={setFormBox}>{websiteTab}</div>
        </Spin>
      ),
    },
    {
      key: 'files',
      label: 'Files',
      disabled: creating,
      children: saved && tab === 'files' ? <FilesTab siteId={saved.rowKey} readOnly={readOnly} /> : null,
    },
    {
      key: 'history',
      label: 'History',
      children: siteId ? slots.history?.(siteId, tab === 'history') : null,
    },
    ...(teamProduct
      ? [
          {
            key: 'team',
            label: 'Team',
            disabled: creating,
            children:
              saved && tab === 'team'
                ? slots.team?.({
                    siteId: saved.rowKey,
                    primary: saved.memberNumber,
                    reciprocalAllowed,
                    // An Inactive site's team stays as it was (MLS staff excepted).
                    readOnly: role === null || !isTeamEditable(saved.status, role),
                  })
                : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <Modal
        open={open}
        width={mobile ? '100%' : MODAL_WIDTH}
        onCancel={() => void requestClose()}
        mask={{ closable: false }}
        destroyOnHidden
        className={mobile ? 'vp-website-modal vp-website-modal-full' : 'vp-website-modal'}
        modalRender={(node) => (
          <div className="vp-focus-wrap" onKeyDown={wrapFocus}>
            {mobile ? node : drag.modalRender(node)}
          </div>
        )}
        title={
          <div
            className={mobile ? 'vp-modal-title vp-modal-title-fixed' : 'vp-modal-title'}
            {...(mobile ? {} : drag.handleProps)}
            data-testid="modal-drag-handle"
          >
            <span className="vp-modal-title-text">{title}</span>
            {!creating && (
              <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
                History
              </Button>
            )}
          </div>
        }
        footer={
          <div className="vp-modal-footer">
            <span className="vp-muted">
              Need help? Contact the MLS Data Licensing Department at{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </span>
            <Button onClick={() => void requestClose()}>Close</Button>
          </div>
        }
      >
        {site.isError && !creating ? (
          <Alert type="error" showIcon title={errorMessage(site.error)} />
        ) : (
          <Tabs
            className="vp-website-tabs"
            tabPlacement={mobile ? 'top' : 'start'}
            activeKey={tab}
            onChange={(k) => void changeTab(k)}
            items={items}
          />
        )}
      </Modal>
      {saved && slots.historyDrawer?.(saved.rowKey, historyOpen, () => setHistoryOpen(false))}
      {saved && (
        <DomainChangeDialog
          siteId={saved.rowKey}
          current={saved.domainName}
          open={domainChangeOpen}
          onClose={() => setDomainChangeOpen(false)}
        />
      )}
      {saved && (
        <TerminationDialog
          siteId={saved.rowKey}
          open={terminationOpen}
          onClose={() => setTerminationOpen(false)}
          onRequested={showSaved}
        />
      )}
      {saved && (
        <AgentChangeDialog
          siteId={saved.rowKey}
          open={agentChangeOpen}
          reciprocalAllowed={reciprocalAllowed}
          onClose={() => setAgentChangeOpen(false)}
        />
      )}
      {saf.dialogs}
      <AgentInfoDialog
        memberNumber={agentInfo}
        open={agentInfo !== null}
        onClose={() => setAgentInfo(null)}
      />
    </>
  );
}
