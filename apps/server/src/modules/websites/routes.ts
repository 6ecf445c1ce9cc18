import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { siteIdParam } from '../../platform/params.ts';
import { websitesService, type Caller } from './service.ts';

export function callerOf(request: FastifyRequest): Caller {
  const { user } = sessionOf(request);
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}

export function websitesRoutes(app: FastifyInstance, { db }: AppContext): void {
  const service = websitesService(db);
  const read = { config: { access: 'vendor-read' as const } };
  const write = { config: { access: 'vendor-write' as const } };

  app.get('/api/portal/websites', read, async (request) => service.list(vendorOf(request), request.query));

  app.get('/api/portal/websites/:id', read, async (request) =>
    service.get(vendorOf(request), siteIdParam(request.params)),
  );

  app.post('/api/portal/websites', write, async (request, reply) => {
    reply.status(201);
    return service.create(vendorOf(request), callerOf(request), request.body);
  });

  app.put('/api/portal/websites', write, async (request) =>
    service.save(vendorOf(request), callerOf(request), request.body),
  );

  app.delete('/api/portal/websites/:id', write, async (request) =>
    service.remove(vendorOf(request), siteIdParam(request.params)),
  );

  app.get('/api/portal/websites/:id/requests', read, async (request) =>
    service.requests(vendorOf(request), siteIdParam(request.params)),
  );

  app.post('/api/portal/websites/:id/domain-change', write, async (request, reply) => {
    const result = await service.requestDomainChange(
      vendorOf(request),
      callerOf(request),
      siteIdParam(request.params),
      request.body,
    );
    return reply.status(201).send(result);
  });

  app.post('/api/portal/websites/:id/agent-change', write, async (request, reply) => {
    const result = await service.requestAgentChange(
      vendorOf(request),
      callerOf(request),
      siteIdParam(request.params),
      request.body,
    );
    return reply.status(201).send(result);
  });

  app.post('/api/portal/websites/:id/termination', write, async (request) =>
    service.requestTermination(
      vendorOf(request),
      callerOf(request),
      siteIdParam(request.params),
      request.body,
    ),
  );
}
