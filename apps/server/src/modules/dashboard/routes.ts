import { metadataSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { vendorOf } from '../../platform/scope.ts';
import { dashboardService } from './service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = dashboardService(ctx);
  api.get(
    '/api/portal/metadata',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags: ['dashboard'],
        summary: 'The vendor summary: site counts by status, account details, missing documents',
        response: { 200: metadataSchema, ...errorResponses },
      },
    },
    async (request) => service.metadata(vendorOf(request)),
  );
}
