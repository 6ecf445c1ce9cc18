import { teamInputSchema, teamSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { siteParamsSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { teamsService } from './service.ts';

const example = { siteId: 1042, primary: '3000001', memberIds: ['3000001', '3000017'] };
const teamBody = teamInputSchema.meta({ examples: [example] });
/** A save names the version it was made from: one made from a stale team is refused (409). */
const teamSaveBody = teamInputSchema
  .required({ version: true })
  .meta({ examples: [{ ...example, version: 3 }] });

export function teamsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = teamsService(ctx);
  const tags = ['teams'];

  api.get(
    '/api/websites/:id/team',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'The agent team of a website',
        params: siteParamsSchema,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => service.get(vendorOf(request), request.params.id),
  );

  api.post(
    '/api/websites/:id/team',
    {
      config: { access: 'vendor-write', keyScope: 'websites', live: 'website' },
      bodyLimit: BODY_LIMITS.team,
      schema: {
        tags,
        summary: 'Create the team of an IDX Team website, led by its agent',
        params: siteParamsSchema,
        body: teamBody,
        response: { 201: teamSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const team = await service.create(vendorOf(request), actorOf(request), request.params.id, request.body);
      return reply.status(201).send(team);
    },
  );

  api.put(
    '/api/websites/:id/team',
    {
      config: { access: 'vendor-write', keyScope: 'websites', live: 'website' },
      bodyLimit: BODY_LIMITS.team,
      schema: {
        tags,
        summary:
          'Add or remove team members; the primary stays (409 when the team changed since it was read)',
        params: siteParamsSchema,
        body: teamSaveBody,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => service.update(vendorOf(request), actorOf(request), request.params.id, request.body),
  );
}
