import { TeamMessages, WebsiteMessages } from '@vp/contract';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';
import { useAgentChangeRequest } from '../api.ts';

/** The agent (and with it the broker) change request of a saved site; recorded on the site. */
export function AgentChangeDialog({
  siteId,
  open,
  reciprocalAllowed,
  onClose,
}: {
  siteId: number;
  open: boolean;
  reciprocalAllowed: boolean;
  onClose: () => void;
}) {
  const [pick, setPick] = useState<AgentPick>(EMPTY_PICK);
  const [reciprocal, setReciprocal] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const request = useAgentChangeRequest(siteId);

  function close() {
    setPick(EMPTY_PICK);
    setReason('');
    setError(null);
    setTouched(false);
    onClose();
  }

  async function submit() {
    setTouched(true);
    if (!pick.agent) return;
    setError(null);
    try {
      await request.mutateAsync({ memberNumber: pick.agent.memberNumber, reciprocal, reason: reason.trim() });
      void message.success('Agent Change Request sent');
      close();
    } catch (err) {
      void message.info(WebsiteMessages.agentChangeFailed);
      setError(errorMessage(err));
    }
  }

  const pickError =
    touched && !pick.agent
      ? pick.text.trim()
        ? WebsiteMessages.agentRequired
        : WebsiteMessages.agentInfoRequired
      : undefined;

  return (
    <Modal
      title="Agent Change Request"
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText="Send Request"
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        {reciprocalAllowed && (
          <Form.Item>
            <Checkbox
              checked={reciprocal}
              onChange={(e) => {
                setReciprocal(e.target.checked);
                setPick(EMPTY_PICK);
              }}
            >
              Reciprocal Search
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item label="New agent" validateStatus={pickError ? 'error' : undefined} help={pickError}>
          <AgentSearch
            value={pick}
            onChange={setPick}
            reciprocal={reciprocal}
            placeholder={TeamMessages.searchPlaceholder}
            aria-label="New agent"
          />
        </Form.Item>
        <Form.Item label="Reason" htmlFor="vp-agent-change-reason">
          <Input.TextArea
            id="vp-agent-change-reason"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        {error && (
          <Alert type="error" showIcon title={WebsiteMessages.agentChangeFailed} description={error} />
        )}
      </Form>
    </Modal>
  );
}
