import { TeamMessages, WebsiteMessages, WebsiteServerMessages } from '@vp/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';
import { useAgentChangeRequest } from '../api.ts';

/** Refusals about the chosen agent, shown on the New agent field as well as in the toast. */
const FIELD_ERRORS = {
  agent: [
    WebsiteMessages.agentNotActive,
    WebsiteMessages.agentNotFound,
    WebsiteMessages.reciprocalNotAllowed,
    WebsiteServerMessages.agentChangeSame,
  ],
} as const;

/**
 * The agent (and with it the broker) change request of a saved site; recorded on the site. A
 * failure is said once, in the toast, and on the New agent field when it is about the agent.
 */
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
  const guard = useUnsavedChanges(open && !!(pick.text.trim() || reason.trim()));

  function close() {
    setPick(EMPTY_PICK);
    setReason('');
    setError(null);
    setTouched(false);
    onClose();
  }

  async function cancel() {
    if (await guard.confirmLeave()) close();
  }

  async function submit() {
    setTouched(true);
    if (!pick.agent) return;
    setError(null);
    try {
      await request.mutateAsync({ memberNumber: pick.agent.memberNumber, reciprocal, reason: reason.trim() });
      void message.success('Agent Change Request sent');
      guard.release();
      close();
    } catch (err) {
      // The server's message starts with 'Agent Change Failed' (spec §9 info message) and says why.
      void message.info(errorMessage(err));
      setError(fieldErrorsOf(err, FIELD_ERRORS)[0]?.errors[0] ?? null);
    }
  }

  const pickError =
    touched && !pick.agent
      ? pick.text.trim()
        ? WebsiteMessages.agentRequired
        : WebsiteMessages.agentInfoRequired
      : (error ?? undefined);

  return (
    <Modal
      title="Agent Change Request"
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText="Send Request"
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      <Form name={`agent-change-${siteId}`} layout="vertical" component="div">
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
        <Form.Item
          label="New agent"
          htmlFor={`agent-change-${siteId}-agent`}
          validateStatus={pickError ? 'error' : undefined}
          help={pickError}
        >
          <AgentSearch
            id={`agent-change-${siteId}-agent`}
            value={pick}
            onChange={(next) => {
              setPick(next);
              setError(null);
            }}
            reciprocal={reciprocal}
            placeholder={TeamMessages.searchPlaceholder}
            aria-label="New agent"
          />
        </Form.Item>
        <Form.Item label="Reason" htmlFor={`agent-change-${siteId}-reason`}>
          <Input.TextArea
            id={`agent-change-${siteId}-reason`}
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
