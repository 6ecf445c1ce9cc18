import { TeamMessages, WebsiteMessages, WebsiteServerMessages } from '@vp/contract';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { failureReason, fieldErrorsOf } from '../../../lib/form-errors.ts';
import { message } from '../../../lib/toast.ts';
import { AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';
import { useAgentChangeRequest } from '../api.ts';

/** Refusals about the chosen agent, shown on the New agent field. */
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
 * refusal is the spec's info message 'Agent Change Failed' as a toast, and its reason in the
 * dialog: on the New agent field when it is about the agent, else above the fields. The toast goes
 * when the request is sent after all, so it never stands beside the success.
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
  const [problem, setProblem] = useState<string | null>(null);
  const failedKey = `agent-change-failed-${siteId}`;
  const request = useAgentChangeRequest(siteId);
  const guard = useUnsavedChanges(open && !!(pick.text.trim() || reason.trim()));

  function close() {
    setPick(EMPTY_PICK);
    setReason('');
    setError(null);
    setProblem(null);
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
    setProblem(null);
    try {
      await request.mutateAsync({ memberNumber: pick.agent.memberNumber, reciprocal, reason: reason.trim() });
      message.destroy(failedKey);
      void message.success('Agent Change Request sent');
      guard.release();
      close();
    } catch (err) {
      // The spec's info message as the toast; the reason in the dialog, on the field it is about.
      void message.info({ key: failedKey, content: WebsiteMessages.agentChangeFailed });
      const onField = fieldErrorsOf(err, FIELD_ERRORS)[0]?.errors[0] ?? null;
      setError(onField);
      setProblem(onField ? null : failureReason(err, WebsiteMessages.agentChangeFailed));
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
      {problem && <Alert type="error" showIcon title={problem} className="vp-dialog-alert" role="alert" />}
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
