import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { vendorOf } from '../../platform/scope.ts';
import { portalService } from './service.ts';

export function portalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = portalService(ctx);
  app.get('/api/portal/metadata', { config: { access: 'vendor-read' } }, async (request) =>
    service.metadata(vendorOf(request)),
  );
}
