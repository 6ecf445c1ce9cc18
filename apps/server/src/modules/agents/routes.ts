import { AgentSearchMessages, agentSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { vendorOf } from '../../platform/scope.ts';
import { agentsService } from './service.ts';

const searchParams = z.object({
  query: z
    .string()
    .max(100, 'The search text cannot be more than 100 characters.')
    .meta({
      description: 'Name, member number or license number, or the start of one.',
      examples: ['smith'],
    }),
});
const agentParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, AgentSearchMessages.notFound)
    .max(50, AgentSearchMessages.notFound)
    .meta({ description: 'Member number (MemberMlsId) of the agent.', examples: ['3000001'] }),
});

export function agentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = agentsService(ctx);
  const read = { access: 'vendor-read' as const };
  const found = { 200: agentSchema.array(), ...errorResponses };

  api.get(
    '/api/searchagent/:query',
    {
      config: { ...read, expensive: true },
      schema: {
        tags: ['agents'],
        summary: 'Search agents of the MLS roster',
        params: searchParams,
        response: found,
      },
    },
    async (request) => request.work((db) => service.search(request.params.query, db)),
  );

  api.get(
    '/api/searchrecipagent/:query',
    {
      config: { ...read, expensive: true },
      schema: {
        tags: ['agents'],
        summary: 'Search reciprocal agents (vendors allowed them only)',
        params: searchParams,
        response: found,
      },
    },
    async (request) =>
      request.work((db) => service.searchReciprocal(vendorOf(request), request.params.query, db)),
  );

  api.get(
    '/api/agent/:id',
    {
      config: read,
      schema: {
        tags: ['agents'],
        summary: 'One agent by member number',
        params: agentParams,
        response: { 200: agentSchema, ...errorResponses },
      },
    },
    async (request) => service.byMemberNumber(vendorOf(request), request.params.id),
  );
}
