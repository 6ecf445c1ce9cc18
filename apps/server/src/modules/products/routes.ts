import { productSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { productsService } from './service.ts';

export function productsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = productsService(ctx);
  api.get(
    '/api/products',
    {
      config: { access: 'session' },
      schema: {
        tags: ['products'],
        summary: 'The products a website can carry',
        response: { 200: productSchema.array(), ...errorResponses },
      },
    },
    async () => service.list(),
  );
}
