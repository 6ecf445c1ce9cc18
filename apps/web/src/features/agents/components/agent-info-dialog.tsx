import { AgentSearchMessages } from '@vp/contract';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import { ApiError } from '../../../lib/http.ts';
import { useAgent } from '../api.ts';
import { fullName, orNA } from '../agent-format.ts';

/** Agent Information (spec §2 Other dialogs): the roster's current record of the member. */
export function AgentInfoDialog({
  memberNumber,
  open,
  onClose,
}: {
  memberNumber: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const agent = useAgent(memberNumber, open);
  const notFound = agent.error instanceof ApiError && agent.error.status === 404;

  return (
    <Modal title="Agent Information" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {agent.isLoading && <Spin />}
      {agent.isError && (
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          title={notFound ? AgentSearchMessages.notFound : AgentSearchMessages.fetchFailed}
        />
      )}
      {agent.data && (
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="agent-info"
          items={[
            { key: 'name', label: 'Name', children: orNA(fullName(agent.data)) },
            { key: 'memberNumber', label: 'Member #', children: orNA(agent.data.memberNumber) },
            { key: 'mlsId', label: 'MLS ID', children: orNA(agent.data.mlsId) },
            { key: 'license', label: 'License Number', children: orNA(agent.data.licenseNumber) },
            { key: 'office', label: 'Office', children: orNA(agent.data.office) },
            { key: 'status', label: 'MLS Status', children: orNA(agent.data.status) },
            { key: 'aor', label: 'Association (AOR)', children: orNA(agent.data.memberAOR) },
            { key: 'broker', label: 'Broker', children: orNA(fullName(agent.data.broker)) },
            {
              key: 'brokerLicense',
              label: 'Broker License Number',
              children: orNA(agent.data.broker?.licenseNumber),
            },
            { key: 'brokerOffice', label: 'Broker Office', children: orNA(agent.data.broker?.office) },
          ]}
        />
      )}
    </Modal>
  );
}
