import { Button, Space, Table, Tooltip } from 'antd';
import type { AgentRow } from '../agent-format.ts';
import { NA } from '../agent-format.ts';

interface Props {
  rows: AgentRow[];
  reciprocal: boolean;
  /** Opens the Agent Information dialog; absent when there is no agent yet. */
  onInfo?: () => void;
  /** Opens the agent or broker change request; only saved sites offer it. */
  onChange?: () => void;
  /** Why the change cannot be asked for now (one is pending): Change is disabled and says so. */
  changeBlocked?: string | null;
}

function cell(v: string) {
  return v === NA ? <span className="vp-na">{NA}</span> : v;
}

/** The agent and broker information table of the Website tab; missing values read N/A. */
export function AgentBrokerTable({ rows, reciprocal, onInfo, onChange, changeBlocked = null }: Props) {
  return (
    <Table<AgentRow>
      className="vp-agent-table"
      data-testid="agent-broker-table"
      size="small"
      pagination={false}
      rowKey="role"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '', dataIndex: 'role', key: 'role', render: (v: string) => <strong>{v}</strong> },
        { title: 'Name', dataIndex: 'name', key: 'name', render: cell },
        { title: 'Member #', dataIndex: 'memberNumber', key: 'memberNumber', render: cell },
        { title: 'MLS ID', dataIndex: 'mlsId', key: 'mlsId', render: cell },
        { title: 'License Number', dataIndex: 'licenseNumber', key: 'licenseNumber', render: cell },
        { title: 'Office', dataIndex: 'office', key: 'office', render: cell },
        { title: 'MLS Status', dataIndex: 'status', key: 'status', render: cell },
        ...(reciprocal ? [{ title: 'AOR', dataIndex: 'memberAOR', key: 'memberAOR', render: cell }] : []),
        {
          title: '',
          key: 'actions',
          render: (_: unknown, row: AgentRow) =>
            row.role === 'Agent' ? (
              <Space size={4}>
                {onInfo && (
                  // Reading the agent's record is no edit: it stays open in a read-only form.
                  <Button size="small" type="link" onClick={onInfo} disabled={false}>
                    Info
                  </Button>
                )}
                {onChange &&
                  (changeBlocked ? (
                    <Tooltip title={changeBlocked}>
                      {/* A disabled button takes no pointer events; its wrapper shows the reason. */}
                      <span data-testid="agent-change-blocked">
                        <Button size="small" type="link" disabled>
                          Change
                        </Button>
                        <span className="vp-sr-only">{changeBlocked}</span>
                      </span>
                    </Tooltip>
                  ) : (
                    <Button size="small" type="link" onClick={onChange}>
                      Change
                    </Button>
                  ))}
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
