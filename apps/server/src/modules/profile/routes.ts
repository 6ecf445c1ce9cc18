import { profileUpdateSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse } from '../../platform/errors.ts';
import { sessionOf } from '../../platform/scope.ts';
import { profileService } from './service.ts';

/** Own-account routes: `session` access, so read-only users may edit their own profile too. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = profileService(ctx);

  app.get('/api/profile', { config: { access: 'session' } }, async (request) =>
    service.profile(sessionOf(request)),
  );

  app.put('/api/profile', { config: { access: 'session' } }, async (request) =>
    service.update(sessionOf(request), parse(profileUpdateSchema, request.body)),
  );

  app.get('/api/profile/vendors', { config: { access: 'session' } }, async (request) =>
    service.linkedAccounts(sessionOf(request)),
  );

  app.put('/api/profile/tos', { config: { access: 'session' } }, async (request) =>
    service.acceptTerms(sessionOf(request)),
  );

  app.get('/api/settings/tos', { config: { access: 'public' } }, async () => service.terms());
}
