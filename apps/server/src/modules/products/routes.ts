import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { productsService } from './service.ts';

export function productsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = productsService(ctx);
  app.get('/api/products', { config: { access: 'session' } }, async () => service.list());
}
