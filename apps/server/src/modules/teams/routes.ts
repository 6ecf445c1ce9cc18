import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { vendorOf } from '../../platform/scope.ts';
import { siteIdParam } from '../../platform/params.ts';
import { callerOf } from '../websites/routes.ts';
import { teamsService } from './service.ts';

export function teamsRoutes(app: FastifyInstance, { db }: AppContext): void {
  const service = teamsService(db);

  app.get('/api/websites/:id/team', { config: { access: 'vendor-read' } }, async (request) =>
    service.get(vendorOf(request), siteIdParam(request.params)),
  );

  app.post('/api/websites/:id/team', { config: { access: 'vendor-write' } }, async (request, reply) => {
    const team = await service.create(
      vendorOf(request),
      callerOf(request),
      siteIdParam(request.params),
      request.body,
    );
    return reply.status(201).send(team);
  });

  app.put('/api/websites/:id/team', { config: { access: 'vendor-write' } }, async (request) =>
    service.update(vendorOf(request), callerOf(request), siteIdParam(request.params), request.body),
  );
}
