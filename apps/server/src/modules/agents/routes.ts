import { AgentSearchMessages, WebsiteMessages } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ForbiddenError, NotFoundError, parse } from '../../platform/errors.ts';
import { vendorOf } from '../../platform/scope.ts';
import { agentByMemberNumber, searchAgents, toAgent, vendorAllowsReciprocal } from './queries.ts';

const searchParams = z.object({
  query: z.string().max(100, 'The search text cannot be more than 100 characters.'),
});
const agentParams = z.object({
  id: z.string().trim().min(1, AgentSearchMessages.notFound).max(50, AgentSearchMessages.notFound),
});

/** Agent search over the MLS roster (own members) and reciprocal agents, and one agent by member number. */
export function agentsRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/searchagent/:query', { config: { access: 'vendor-read' } }, async (request) => {
    const { query } = parse(searchParams, request.params);
    return searchAgents(db, query, false);
  });

  app.get('/api/searchrecipagent/:query', { config: { access: 'vendor-read' } }, async (request) => {
    const { query } = parse(searchParams, request.params);
    if (!(await vendorAllowsReciprocal(db, vendorOf(request))))
      throw new ForbiddenError(WebsiteMessages.reciprocalNotAllowed);
    return searchAgents(db, query, true);
  });

  app.get('/api/agent/:id', { config: { access: 'vendor-read' } }, async (request) => {
    const { id } = parse(agentParams, request.params);
    const row = await agentByMemberNumber(db, id);
    // Reciprocal agents exist only for vendors allowed to license them.
    if (!row || (row.reciprocal && !(await vendorAllowsReciprocal(db, vendorOf(request))))) {
      throw new NotFoundError(AgentSearchMessages.notFound);
    }
    return toAgent(row);
  });
}
