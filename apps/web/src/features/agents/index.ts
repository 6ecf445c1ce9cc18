/** Agents: the roster search, the agent and broker table, and the Agent Information dialog. */
export { agentLabel, agentRows, fullName, orNA, type AgentRow } from './agent-format.ts';
export { AgentBrokerTable } from './components/agent-broker-table.tsx';
export { AgentInfoDialog } from './components/agent-info-dialog.tsx';
export { AgentSearch, EMPTY_PICK, type AgentPick } from './components/agent-search.tsx';
