import { StaleMessages, TeamMessages, type Agent, type Team } from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { MlsStatusBadge } from '../../../components/status-badge.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { message } from '../../../lib/toast.ts';
import { useTeam, useUpdateTeam } from '../api.ts';
import { AddAgentDialog } from './add-agent-dialog.tsx';
import '../teams.css';

type Member = Team['members'][number];

const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.memberNumber;

interface Props {
  siteId: number;
  primary: string;
  reciprocalAllowed: boolean;
  readOnly?: boolean;
  /**
   * A licensed site: adding or removing an agent sends a Team Change Request of the whole new team
   * to the MLS instead of changing the team; null where the team is edited in place.
   */
  requests?: { blocked: string | null; send: (memberIds: string[]) => Promise<void> } | null;
}

function RemoveButton({
  member,
  disabled,
  onRemove,
}: {
  member: Member;
  disabled: boolean;
  onRemove: (m: Member) => void;
}) {
  return (
    <Button
      size="small"
      danger
      onClick={() => onRemove(member)}
      disabled={disabled}
      aria-label={`Remove ${memberName(member)}`}
    >
      Remove
    </Button>
  );
}

/**
 * The team on a phone: a card per agent with what the table's columns hold, and Remove within
 * reach of a thumb, instead of a table wider than the screen.
 */
function MemberCards({
  members,
  loading,
  primary,
  readOnly,
  blocked,
  onRemove,
}: {
  members: Member[];
  loading: boolean;
  primary: string;
  readOnly: boolean;
  blocked: boolean;
  onRemove: (m: Member) => void;
}) {
  if (loading) return <LoadingState label="Loading the team" rows={2} />;
  return (
    <ul className="vp-team-cards" data-testid="team-cards" aria-label="Team">
      {members.map((m) => (
        <li key={m.memberNumber} className="vp-team-card" data-testid="team-card">
          <div className="vp-team-card-head">
            <span className="vp-team-card-name">
              {memberName(m)} {m.memberNumber === primary && <strong>(Primary)</strong>}
            </span>
            <MlsStatusBadge status={m.status} />
          </div>
          <dl className="vp-team-card-facts">
            <div>
              <dt>MLS ID</dt>
              <dd>{m.mlsId || 'N/A'}</dd>
            </div>
            <div>
              <dt>License Number</dt>
              <dd>{m.licenseNumber || 'N/A'}</dd>
            </div>
            <div>
              <dt>Office</dt>
              <dd>{m.office || 'N/A'}</dd>
            </div>
          </dl>
          {m.memberNumber === primary ? (
            <p className="vp-muted vp-team-card-note">{TeamMessages.primaryCannotBeRemoved}</p>
          ) : (
            !readOnly && <RemoveButton member={m} disabled={blocked} onRemove={onRemove} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The team of a website: the primary agent plus members (spec §2 Team tab). */
export function TeamTab({ siteId, primary, reciprocalAllowed, readOnly = false, requests = null }: Props) {
  const team = useTeam(siteId, primary);
  const update = useUpdateTeam(siteId);
  const [adding, setAdding] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const qc = useQueryClient();
  const wide = useIsWide();
  const teamPrimary = team.data?.primary ?? primary;
  const blocked = (requests?.blocked ?? null) !== null;

  async function save(memberIds: string[], done: string) {
    if (requests) {
      try {
        await requests.send(memberIds);
        void message.success(TeamMessages.requestSent);
        return true;
      } catch (err) {
        void message.error(errorMessage(err));
        return false;
      }
    }
    try {
      // The version shown: a change made from a team someone else has changed since is refused.
      await update.mutateAsync({ siteId, primary: teamPrimary, memberIds, version: team.data?.version });
      void message.success(done);
      setStale(null);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(errorMessage(err));
        return false;
      }
      void message.error(errorMessage(err));
      return false;
    }
  }

  /** After a stale change: the team and its site as they are now, with nothing of ours saved. */
  async function reload() {
    setReloading(true);
    try {
      await Promise.all([
        team.refetch({ throwOnError: true }),
        qc.invalidateQueries({ queryKey: queryKeys.websites.detail(siteId) }),
      ]);
      setStale(null);
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setReloading(false);
    }
  }

  async function add(agent: Agent) {
    const ids = team.data?.memberIds ?? [teamPrimary];
    if (ids.includes(agent.memberNumber)) {
      void message.info('This agent is already on the team');
      return;
    }
    if (await save([...ids, agent.memberNumber], TeamMessages.added)) setAdding(false);
  }

  async function remove(member: Member) {
    if (member.memberNumber === teamPrimary) {
      void message.warning(TeamMessages.primaryCannotBeRemoved);
      return;
    }
    const ids = (team.data?.memberIds ?? []).filter((id) => id !== member.memberNumber);
    await save(ids, TeamMessages.removed);
  }

  /** Removing a member asks first, naming them: one click on the wrong row should not do it. */
  function confirmRemove(member: Member) {
    Modal.confirm({
      title: TeamMessages.removeTitle(memberName(member)),
      content: requests ? TeamMessages.removeByRequest : TeamMessages.removeConfirm,
      okText: TeamMessages.removeAction,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove(member),
    });
  }

  if (team.isError) return <ErrorState error={team.error} onRetry={() => void team.refetch()} />;

  return (
    <div className="vp-team" data-testid="team-tab">
      {stale && (
        <Alert
          type="warning"
          showIcon
          className="vp-stale-alert"
          data-testid="team-stale-alert"
          title={stale}
          action={
            <Button size="small" loading={reloading} onClick={() => void reload()}>
              {StaleMessages.reload}
            </Button>
          }
        />
      )}
      {requests && !readOnly && (
        <Alert
          type="info"
          showIcon
          className="vp-team-requests"
          data-testid="team-by-request"
          title={TeamMessages.byRequest}
          description={requests.blocked ?? undefined}
          style={{ marginBottom: 12 }}
        />
      )}
      <Space style={{ marginBottom: 12 }}>
        {!readOnly && (
          <Button type="primary" onClick={() => setAdding(true)} disabled={!team.data || blocked}>
            Add Agent
          </Button>
        )}
      </Space>
      {!wide ? (
        <MemberCards
          members={team.data?.members ?? []}
          loading={team.isLoading}
          primary={teamPrimary}
          readOnly={readOnly}
          blocked={blocked}
          onRemove={confirmRemove}
        />
      ) : (
        <Table<Member>
          size="small"
          rowKey="memberNumber"
          loading={update.isPending}
          locale={
            team.isLoading ? { emptyText: <LoadingState label="Loading the team" rows={2} /> } : undefined
          }
          dataSource={team.data?.members ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="team-table"
          columns={[
            {
              title: 'Name',
              key: 'name',
              render: (_: unknown, m: Member) => {
                const name = memberName(m);
                return m.memberNumber === teamPrimary ? (
                  <Tooltip title={TeamMessages.primaryCannotBeRemoved}>
                    <span>
                      {name} <strong>(Primary)</strong>
                    </span>
                  </Tooltip>
                ) : (
                  name
                );
              },
            },
            { title: 'MLS ID', dataIndex: 'mlsId', key: 'mlsId', render: (v: string) => v || 'N/A' },
            {
              title: 'License Number',
              dataIndex: 'licenseNumber',
              key: 'licenseNumber',
              render: (v: string) => v || 'N/A',
            },
            { title: 'Office', dataIndex: 'office', key: 'office', render: (v: string) => v || 'N/A' },
            {
              title: 'MLS Status',
              dataIndex: 'status',
              key: 'status',
              render: (v: string) => <MlsStatusBadge status={v} />,
            },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, m: Member) =>
                !readOnly && m.memberNumber !== teamPrimary ? (
                  <RemoveButton member={m} disabled={blocked} onRemove={confirmRemove} />
                ) : null,
            },
          ]}
        />
      )}
      <AddAgentDialog
        open={adding}
        reciprocalAllowed={reciprocalAllowed}
        teamOffices={(team.data?.members ?? []).map((m) => m.office).filter(Boolean)}
        adding={update.isPending}
        onCancel={() => setAdding(false)}
        onAdd={(a) => void add(a)}
      />
    </div>
  );
}
