import { historyEntrySchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { siteParamsSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { historyService } from './service.ts';

export function historyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = historyService(ctx);

  api.get(
    '/api/website/:id/changelog',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags: ['history'],
        summary: "A website's History, newest first",
        params: siteParamsSchema,
        response: { 200: historyEntrySchema.array(), ...errorResponses },
      },
    },
    async (request) => service.list(vendorOf(request), actorOf(request), request.params.id),
  );
}
