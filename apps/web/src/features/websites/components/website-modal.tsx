import { HistoryOutlined } from '@ant-design/icons';
import { canWrite, LiveMessages, MODAL_WIDTH, SUPPORT_EMAIL, TEAM_PRODUCT_ID } from '@vp/contract';
import { Alert, Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useDraggable } from '../../../hooks/use-draggable.tsx';
import { useIsMobile } from '../../../hooks/use-is-mobile.ts';
import { wrapFocus } from '../../../lib/focus-wrap.ts';
import { errorMessage, TAB_ID } from '../../../lib/http.ts';
import { useRole } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useLiveEvent } from '../../../live/index.ts';
import { useMetadata } from '../../dashboard/index.ts';
import { useSafFlow } from '../../documents/index.ts';
import { useModalFocus } from '../use-modal-focus.ts';
import { useWebsiteActions } from '../use-website-actions.ts';
import { useWebsiteForm } from '../use-website-form.ts';
import { WebsiteModalDialogs } from './website-modal-dialogs.tsx';
import { WebsiteModalNotices, type ChangedElsewhere } from './website-modal-notices.tsx';
import {
  WEBSITE_TABS,
  type WebsiteModalSlots,
  type WebsiteTab,
  type WebsiteTabContext,
} from './website-modal-tabs.tsx';
import '../websites.css';

export type { TeamSlotProps, WebsiteModalSlots, WebsiteTab } from './website-modal-tabs.tsx';

interface Props {
  open: boolean;
  /** The site to edit; null opens the modal in create mode. */
  siteId: number | null;
  onClose: () => void;
  /** Called after a create, with the new id (the page keeps the URL in step). */
  onCreated?: (id: number) => void;
  slots?: WebsiteModalSlots;
}

/**
 * The website modal (spec §2 Website modal): draggable, 1100 px, tabs on the left; on a phone
 * full-screen with the tabs on top. It starts in create mode for a new site and switches to update
 * mode after a successful create. Closing it with unsaved edits asks first; it opens with focus on
 * its first field and gives focus back to what opened it when it goes. Its tabs are the entries of
 * WEBSITE_TABS; its actions and focus live in hooks of their own.
 */
export function WebsiteModal({ open, siteId: requestedId, onClose, onCreated, slots = {} }: Props) {
  // An unknown role (profile not loaded, or not one the app knows) gets the read-only modal.
  const role = useRole();
  const readOnly = role === null || !canWrite(role);
  const mobile = useIsMobile();
  const drag = useDraggable(!mobile);
  const metadata = useMetadata();
  const reciprocalAllowed = metadata.data?.reciprocalAllowed ?? false;
  const [tab, setTab] = useState<WebsiteTab>('website');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [agentInfo, setAgentInfo] = useState<string | null>(null);

  const state = useWebsiteForm(requestedId, readOnly);
  const { siteId, creating, saved } = state;
  const setFormBox = useModalFocus({
    open,
    focusKey: creating ? 'new' : state.loadedKey,
    settled: state.settled,
  });
  const actions = useWebsiteActions(state, { onClose, onCreated });
  const saf = useSafFlow({
    site: saved
      ? { id: saved.rowKey, domainName: saved.domainName, brokerMlsId: saved.broker?.mlsId || null }
      : null,
    readOnly,
    dirty: state.dirtyNow,
    save: async () => (await actions.save()) !== null,
  });

  // A change to this site made elsewhere (by another user, or by this one in another tab), heard on
  // the live channel: a save from here would now be refused, so the modal offers the latest. A
  // delete closes the modal, wherever it was made. This tab's own writes name it, and say nothing.
  const [changedByOthers, setChangedByOthers] = useState<ChangedElsewhere | null>(null);
  useLiveEvent((e) => {
    if (e.type !== 'website' || siteId === null || e.siteId !== siteId) return;
    if (e.action === 'delete') {
      // This modal's own delete says so itself.
      if (actions.deleting || actions.deleted) return;
      void toast('success', LiveMessages.siteDeleted);
      state.guard.release();
      onClose();
    } else if (e.tab !== TAB_ID)
      setChangedByOthers({ username: e.username, tab: e.tab ?? null, at: new Date().toISOString() });
  });

  /** Reads the site again; edits in the form are only dropped when the user says so. */
  async function refresh() {
    if (!(await state.guard.confirmLeave(state.dirtyNow()))) return;
    void toast('info', LiveMessages.refreshing);
    await actions.reload();
    setChangedByOthers(null);
  }

  /** Close, the ✕ and Escape: unsaved edits are only dropped when the user says so. */
  async function requestClose() {
    if (await state.guard.confirmLeave(state.dirtyNow())) onClose();
  }

  async function changeTab(key: string) {
    const next = key as WebsiteTab;
    if (creating && tab === 'website' && next !== 'website') {
      if (await actions.saveBeforeLeaving()) setTab(next);
      return;
    }
    setTab(next);
  }

  const ctx: WebsiteTabContext = {
    siteId,
    saved,
    detail: state.detail,
    creating,
    role,
    readOnly,
    reciprocalAllowed,
    teamProduct: creating
      ? state.values?.product === TEAM_PRODUCT_ID
      : !!saved?.products.includes(TEAM_PRODUCT_ID),
    slots,
    tab,
    state,
    actions,
    saf,
    setFormBox,
    onAgentInfo: setAgentInfo,
  };

  const items = WEBSITE_TABS.filter((t) => t.shows?.(ctx) ?? true).map(
    ({ key, label, disabled, Component }) => ({
      key,
      label: label(ctx),
      disabled: disabled?.(ctx) ?? false,
      children: <Component ctx={ctx} active={tab === key} />,
    }),
  );

  const title = creating ? 'New Website' : (saved?.domainName ?? 'Website');

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
        {state.site.isError && !creating ? (
          <Alert type="error" showIcon title={errorMessage(state.site.error)} />
        ) : (
          <>
            <WebsiteModalNotices
              actions={actions}
              changedByOthers={changedByOthers}
              edited={state.dirty}
              onRefresh={() => void refresh()}
              onKeepEditing={() => setChangedByOthers(null)}
            />
            <Tabs
              className="vp-website-tabs"
              tabPlacement={mobile ? 'top' : 'start'}
              // On a phone every tab fits the width, so none hides behind a "more" menu.
              tabBarGutter={mobile ? 12 : undefined}
              activeKey={tab}
              onChange={(k) => void changeTab(k)}
              items={items}
            />
          </>
        )}
      </Modal>
      {saved && slots.historyDrawer?.(saved.rowKey, historyOpen, () => setHistoryOpen(false))}
      {saf.dialogs}
      <WebsiteModalDialogs
        saved={saved}
        actions={actions}
        reciprocalAllowed={reciprocalAllowed}
        onRequested={state.showSaved}
        agentInfo={agentInfo}
        onAgentInfoClose={() => setAgentInfo(null)}
      />
    </>
  );
}
