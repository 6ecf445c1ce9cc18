/** Agents of the MLS roster: the lookups websites and teams build on. */
export {
  AGENT_COLUMNS,
  AGENT_JOINS,
  agentByMemberNumber,
  agentsByMemberNumbers,
  toAgent,
  toBroker,
  vendorAllowsReciprocal,
  type AgentRow,
} from './queries.ts';
export { agentsRoutes } from './routes.ts';
