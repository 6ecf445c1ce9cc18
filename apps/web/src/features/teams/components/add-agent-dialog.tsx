import { TeamMessages, type Agent } from '@vp/contract';
import { Alert, Button, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';

interface Props {
  open: boolean;
  reciprocalAllowed: boolean;
  /** The offices of the team's agents: a signed form names their brokers. */
  teamOffices: readonly string[];
  adding: boolean;
  onCancel: () => void;
  onAdd: (agent: Agent) => void;
}

/**
 * Add Agent (spec §2 Team tab): it opens with the focus in the search box; Add stays disabled until
 * an agent is picked from the results (Enter picks the first). An agent of an office not yet on the
 * team is flagged before Add: that office's broker has not signed, so the site will need a new form.
 */
export function AddAgentDialog({ open, reciprocalAllowed, teamOffices, adding, onCancel, onAdd }: Props) {
  const [pick, setPick] = useState<AgentPick>(EMPTY_PICK);
  const [reciprocal, setReciprocal] = useState(false);
  const typedWithoutPick = pick.text.trim() !== '' && !pick.agent;
  const newOffice = pick.agent?.office && !teamOffices.includes(pick.agent.office) ? pick.agent.office : null;

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
          <Form.Item label="Agent source" htmlFor="vp-agent-source">
            {/* Two named choices beside each other, each readable as it is, rather than a switch
                whose label changes inside it. */}
            <Radio.Group
              id="vp-agent-source"
              optionType="button"
              value={reciprocal ? 'reciprocal' : 'own'}
              options={[
                { value: 'own', label: 'Non-Reciprocal' },
                { value: 'reciprocal', label: 'Reciprocal' },
              ]}
              onChange={(e) => {
                setReciprocal(e.target.value === 'reciprocal');
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
        {newOffice && (
          <Alert
            type="warning"
            showIcon
            data-testid="add-agent-new-office"
            title={TeamMessages.newOfficeNeedsSaf(newOffice)}
          />
        )}
      </Form>
    </Modal>
  );
}
