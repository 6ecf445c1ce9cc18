import { AGENT_SEARCH_DEBOUNCE_MS, AgentSearchMessages, type Agent } from '@vp/contract';
import { AutoComplete, Input, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useAgentSearch } from '../api.ts';
import { agentLabel } from '../agent-format.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

/** What the search box holds: the typed text, and the agent once one is picked from the results. */
export interface AgentPick {
  text: string;
  agent: Agent | null;
}

export const EMPTY_PICK: AgentPick = { text: '', agent: null };

interface Props {
  value?: AgentPick;
  onChange?: (next: AgentPick) => void;
  reciprocal: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  status?: 'error' | 'warning';
  /** Takes the focus when it appears (the Add Agent dialog opens on it). */
  autoFocus?: boolean;
  /** The form checks the pick when the box is left (Form.Item's validate trigger). */
  onBlur?: () => void;
  'aria-label'?: string;
}

/**
 * Agent search (spec §5): debounced 300 ms, own MLS or reciprocal agents, best matches first. The
 * first match that can be chosen is active as the results show, so Enter picks it.
 */
export function AgentSearch({
  value = EMPTY_PICK,
  onChange,
  reciprocal,
  placeholder,
  disabled,
  id,
  status,
  autoFocus,
  onBlur,
  ...rest
}: Props) {
  const query = useDebouncedValue(value.agent ? '' : value.text.trim(), AGENT_SEARCH_DEBOUNCE_MS);
  const search = useAgentSearch(query, reciprocal);
  const results = useMemo(() => search.data ?? [], [search.data]);
  const byLabel = useMemo(() => new Map(results.map((a) => [agentLabel(a), a])), [results]);

  // Only agents whose MLS status is Active may be chosen; the others are listed, greyed, with their status.
  const options = results.map((a) => ({
    value: agentLabel(a),
    disabled: a.status !== 'Active',
    label: (
      <div className="vp-agent-option" data-testid="agent-option">
        <div>{agentLabel(a)}</div>
        <div className="vp-muted" style={{ fontSize: 12 }}>
          {[
            a.status !== 'Active' && `MLS status ${a.status || 'unknown'}: cannot be chosen`,
            a.office,
            a.licenseNumber && `License ${a.licenseNumber}`,
            a.memberAOR,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
    ),
  }));

  let notFound: ReactNode = null;
  if (query && search.isFetching) notFound = <Spin size="small" />;
  else if (query && search.isError) notFound = AgentSearchMessages.noResults;
  else if (query && search.data && search.data.length === 0)
    notFound = reciprocal ? AgentSearchMessages.noResults : AgentSearchMessages.noMembers;

  return (
    <AutoComplete
      id={id}
      value={value.text}
      options={options}
      notFoundContent={notFound}
      disabled={disabled}
      showSearch={{ filterOption: false }}
      defaultActiveFirstOption
      onChange={(text: string) => onChange?.({ text: text ?? '', agent: byLabel.get(text) ?? null })}
      onBlur={onBlur}
      style={{ width: '100%' }}
    >
      {/* A real input, so the placeholder and label belong to the text box itself. */}
      <Input
        placeholder={placeholder}
        status={status}
        allowClear={CLEARABLE}
        autoFocus={autoFocus}
        aria-label={rest['aria-label']}
        autoComplete="off"
      />
    </AutoComplete>
  );
}
