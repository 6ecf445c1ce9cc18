import {
  isLicensedStatus,
  isTeamEditable,
  pendingRequestBlock,
  type Role,
  type Website,
  type WebsiteDetail,
} from '@vp/contract';
import { Spin } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { MessagesTab, MessagesTabLabel } from '../../comments/index.ts';
import { ComplianceTab } from '../../compliance/index.ts';
import { FilesTab, type SafFlow } from '../../documents/index.ts';
import { useTeamChangeRequest } from '../api.ts';
import type { WebsiteActions } from '../use-website-actions.ts';
import type { WebsiteFormState } from '../use-website-form.ts';
import { PendingRequests } from './pending-requests.tsx';
import { WebsiteForm } from './website-form.tsx';

export type WebsiteTab = 'website' | 'messages' | 'files' | 'history' | 'team' | 'compliance';

export interface TeamSlotProps {
  siteId: number;
  primary: string;
  reciprocalAllowed: boolean;
  readOnly: boolean;
  /**
   * A licensed site's team changes through the MLS: adding or removing an agent sends a Team
   * Change Request of the whole new team. Null where the team is edited in place.
   */
  requests: TeamRequests | null;
}

export interface TeamRequests {
  /** Why no request can be sent now (one is pending), or null. */
  blocked: string | null;
  send: (memberIds: string[]) => Promise<void>;
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

/** What a tab may read of the modal it sits in. */
export interface WebsiteTabContext {
  /** The site's id; null while creating (and set as soon as a create succeeds). */
  siteId: number | null;
  /** The saved site as last read; null while creating. */
  saved: Website | null;
  detail: Partial<WebsiteDetail> | undefined;
  creating: boolean;
  role: Role | null;
  readOnly: boolean;
  reciprocalAllowed: boolean;
  /** The site has (or, while creating, is given) the team product. */
  teamProduct: boolean;
  slots: WebsiteModalSlots;
  /** The tab shown. */
  tab: WebsiteTab;
  state: WebsiteFormState;
  actions: WebsiteActions;
  saf: SafFlow;
  setFormBox: (box: HTMLDivElement | null) => void;
  onAgentInfo: (memberNumber: string) => void;
}

export interface WebsiteTabProps {
  ctx: WebsiteTabContext;
  /** The tab is the one shown: tabs that load their own data wait for it. */
  active: boolean;
}

export interface WebsiteTabDef {
  key: WebsiteTab;
  label: (ctx: WebsiteTabContext) => ReactNode;
  /** Whether the tab exists; always when left out. */
  shows?: (ctx: WebsiteTabContext) => boolean;
  /** Whether the tab is there but cannot be opened; never when left out. */
  disabled?: (ctx: WebsiteTabContext) => boolean;
  Component: ComponentType<WebsiteTabProps>;
}

function WebsitePane({ ctx }: WebsiteTabProps) {
  const { state, actions, saved, saf } = ctx;
  return (
    <Spin spinning={!ctx.creating && state.site.isLoading}>
      {saved && (
        <PendingRequests
          siteId={saved.rowKey}
          readOnly={ctx.readOnly}
          onSendForm={saf.typeExists ? saf.startFor : undefined}
        />
      )}
      <div ref={ctx.setFormBox}>
        <WebsiteForm
          form={state.form}
          name={`website-${ctx.siteId ?? 'new'}`}
          initialValues={state.formInitial}
          site={saved}
          saf={ctx.creating ? null : (ctx.detail?.saf ?? null)}
          pendingRequests={ctx.detail?.pendingRequests}
          role={ctx.role}
          readOnly={ctx.readOnly}
          reciprocalAllowed={ctx.reciprocalAllowed}
          saveEnabled={state.saveEnabled}
          saving={actions.saving}
          deleting={actions.deleting}
          onSave={() => void actions.save()}
          onDelete={actions.confirmDelete}
          onDomainChange={() => actions.openRequest('domain')}
          onAgentChange={() => actions.openRequest('agent')}
          onProductChange={() => actions.openRequest('product')}
          onRequestTermination={() => actions.openRequest('termination')}
          onWithdrawTermination={actions.confirmWithdraw}
          withdrawing={actions.withdrawing}
          onAgentInfo={ctx.onAgentInfo}
          safTypeExists={saf.typeExists}
          onSaf={saf.start}
          safBusy={saf.busy}
        />
      </div>
    </Spin>
  );
}

function MessagesPane({ ctx, active }: WebsiteTabProps) {
  return ctx.saved && active ? (
    <MessagesTab siteId={ctx.saved.rowKey} role={ctx.role} readOnly={ctx.readOnly} />
  ) : null;
}

function FilesPane({ ctx, active }: WebsiteTabProps) {
  return ctx.saved && active ? <FilesTab siteId={ctx.saved.rowKey} readOnly={ctx.readOnly} /> : null;
}

function CompliancePane({ ctx, active }: WebsiteTabProps) {
  return ctx.saved && active ? <ComplianceTab siteId={ctx.saved.rowKey} readOnly={ctx.readOnly} /> : null;
}

function HistoryPane({ ctx, active }: WebsiteTabProps) {
  return ctx.siteId ? ctx.slots.history?.(ctx.siteId, active) : null;
}

function TeamPane({ ctx, active }: WebsiteTabProps) {
  const { saved, role } = ctx;
  const teamRequest = useTeamChangeRequest(saved?.rowKey ?? 0);
  if (!saved || !active) return null;
  const byRequest = role !== null && role !== 'admin' && isLicensedStatus(saved.status);
  return ctx.slots.team?.({
    siteId: saved.rowKey,
    primary: saved.memberNumber,
    reciprocalAllowed: ctx.reciprocalAllowed,
    // An Inactive site's team stays as it was (MLS staff excepted).
    readOnly: role === null || !isTeamEditable(saved.status, role),
    requests: byRequest
      ? {
          blocked: pendingRequestBlock('team', ctx.detail?.pendingRequests),
          send: async (memberIds) => {
            await teamRequest.mutateAsync({ memberIds, reason: '' });
          },
        }
      : null,
  });
}

/**
 * The modal's tabs, in the spec's order (§2 Website modal). A tab is one entry here and one
 * component; the modal shows those whose `shows` holds.
 */
export const WEBSITE_TABS: readonly WebsiteTabDef[] = [
  { key: 'website', label: () => 'Website', Component: WebsitePane },
  {
    key: 'messages',
    label: (c) =>
      c.siteId === null ? 'Messages' : <MessagesTabLabel siteId={c.siteId} active={c.tab === 'messages'} />,
    // While creating, Messages, Files and History are offered like the Website tab's neighbours
    // always are: choosing one saves the new site first (spec §4: 'Please save to continue.'), then
    // opens it. Only Team is disabled until the site exists (spec §2).
    Component: MessagesPane,
  },
  { key: 'files', label: () => 'Files', Component: FilesPane },
  { key: 'history', label: () => 'History', Component: HistoryPane },
  {
    key: 'team',
    label: () => 'Team',
    shows: (c) => c.teamProduct,
    disabled: (c) => c.creating,
    Component: TeamPane,
  },
  // The daily check of a licensed site against its product's display rules; nothing to show before
  // the site exists.
  { key: 'compliance', label: () => 'Compliance', disabled: (c) => c.creating, Component: CompliancePane },
];
