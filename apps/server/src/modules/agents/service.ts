import { AgentSearchMessages, WebsiteMessages, type Agent } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { agentByMemberNumber, searchAgents, toAgent, vendorAllowsReciprocal } from './queries.ts';

/** Agent search over the MLS roster (own members) and reciprocal agents, and one agent by member number. */
export function agentsService({ db }: AppContext) {
  return {
    search: (query: string): Promise<Agent[]> => searchAgents(db, query, false),

    async searchReciprocal(vendorId: number, query: string): Promise<Agent[]> {
      if (!(await vendorAllowsReciprocal(db, vendorId)))
        throw new ForbiddenError(WebsiteMessages.reciprocalNotAllowed);
      return searchAgents(db, query, true);
    },

    async byMemberNumber(vendorId: number, memberNumber: string): Promise<Agent> {
      const row = await agentByMemberNumber(db, memberNumber);
      // Reciprocal agents exist only for vendors allowed to license them.
      if (!row || (row.reciprocal && !(await vendorAllowsReciprocal(db, vendorId)))) {
        throw new NotFoundError(AgentSearchMessages.notFound);
      }
      return toAgent(row);
    },
  };
}
