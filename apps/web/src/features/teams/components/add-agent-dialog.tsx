import { TeamMessages, type Agent } from '@vp/contract';
import { Button, Form, Modal, Switch } from 'antd';
import { useState } from 'react';
import { AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';

interface Props {
  open: boolean;
  reciprocalAllowed: boolean;
  adding: boolean;
  onCancel: () => void;
  onAdd: (agent: Agent) => void;
}

/**
 * Add Agent (spec §2 Team tab): it opens with the focus in the search box; Add stays disabled until
 * an agent is picked from the results (Enter picks the first).
 */
export function AddAgentDialog({ open, reciprocalAllowed, adding, onCancel, onAdd }: Props) {
  const [pick, setPick] = useState<AgentPick>(EMPTY_PICK);
  const [reciprocal, setReciprocal] = useState(false);
  const typedWithoutPick = pick.text.trim() !== '' && !pick.agent;

  function close() {
    setPick(EMPTY_PICK);
    setReciprocal(false);
    onCancel();
  }

  return (
    <Modal
      title="Add Agent"
      open={open}
      onCancel={close}
      destroyOnHidden
      afterClose={() => setPick(EMPTY_PICK)}
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button
          key="add"
          type="primary"
          disabled={!pick.agent}
          loading={adding}
          onClick={() => pick.agent && onAdd(pick.agent)}
        >
          Add
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        {reciprocalAllowed && (
          <Form.Item label="Agent source">
            <Switch
              checked={reciprocal}
              checkedChildren="Reciprocal"
              unCheckedChildren="Non-Reciprocal"
              aria-label="Reciprocal agents"
              onChange={(v) => {
                setReciprocal(v);
                setPick(EMPTY_PICK);
              }}
            />
          </Form.Item>
        )}
        <Form.Item
          label="Agent"
          validateStatus={typedWithoutPick ? 'warning' : undefined}
          help={typedWithoutPick ? TeamMessages.selectAgent : undefined}
        >
          <AgentSearch
            value={pick}
            onChange={setPick}
            reciprocal={reciprocal}
            placeholder={TeamMessages.searchPlaceholder}
            aria-label="Agent search"
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
