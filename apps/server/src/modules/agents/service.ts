import { AgentSearchMessages, WebsiteMessages, type Agent } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { agentByMemberNumber, searchAgents, toAgent, vendorAllowsReciprocal } from './queries.ts';

/** Agent search over the MLS roster (own members) and reciprocal agents, and one agent by member number. */
export function agentsService({ db }: AppContext) {
  return {
    /** `on`: the connection of an expensive request's turn. */
    search: (query: string, on: Db = db): Promise<Agent[]> => searchAgents(on, query, false),

    async searchReciprocal(vendorId: number, query: string, on: Db = db): Promise<Agent[]> {
      if (!(await vendorAllowsReciprocal(on, vendorId)))
        throw new ForbiddenError(WebsiteMessages.reciprocalNotAllowed);
      return searchAgents(on, query, true);
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
