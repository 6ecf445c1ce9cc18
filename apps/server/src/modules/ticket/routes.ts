import { ticketBodySchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse } from '../../platform/errors.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { ticketService } from './service.ts';

export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ticketService(ctx);
  // Feedback is the user's own message, not a change to vendor data, so read-only users may send it;
  // it still records the vendor the user is acting for.
  app.post('/api/ticket', { config: { access: 'vendor-read' } }, async (request) =>
    service.submit(sessionOf(request), vendorOf(request), parse(ticketBodySchema, request.body)),
  );
}
