import { apiErrorSchema, healthSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { healthService } from './service.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = healthService(ctx);
  api.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database answer',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      if (await service.databaseUp()) return { status: 'ok' as const };
      return reply.status(503).send({ code: 503, message: 'Database unavailable' });
    },
  );
}
