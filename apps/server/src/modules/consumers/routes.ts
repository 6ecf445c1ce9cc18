import {
  consumersResponseSchema,
  feedInputSchema,
  feedResponseSchema,
  messageResponseSchema,
  staffIdParamsSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { vendorOf } from '../../platform/scope.ts';
import { consumersService } from './service.ts';

const tags = ['consumers'];

export function consumersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = consumersService(ctx);

  api.get(
    '/api/portal/consumers',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "The vendor's data feeds: the consumers it feeds, the providers that feed it",
        description:
          'consumers when the vendor isProvider, providers when it isConsumer, each with the other ' +
          "vendor's name, the feed type, status and since-date. A vendor that is neither answers 404, " +
          'as the web app has no such page for it.',
        response: { 200: consumersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.forVendor(vendorOf(request)),
  );

  api.post(
    '/api/admin/feeds',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Add a feed from a provider vendor to a consumer vendor (MLS staff only)',
        body: feedInputSchema.meta({
          examples: [
            {
              providerVendorId: 1,
              consumerVendorId: 3,
              feedType: 'RESO Web API',
              status: 'Active',
              since: '2025-01-15',
            },
          ],
        }),
        response: { 201: feedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(request.body)),
  );

  api.delete(
    '/api/admin/feeds/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Remove a feed (MLS staff only)',
        params: staffIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(request.params.id),
  );
}
