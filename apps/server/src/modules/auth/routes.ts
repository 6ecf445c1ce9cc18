import { forgotPasswordBodySchema, registerBodySchema, resetPasswordBodySchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse } from '../../platform/errors.ts';
import { bearerToken, sessionOf } from '../../platform/scope.ts';
import { authService, parseBasicAuth } from './service.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = authService(ctx);

  app.post('/api/login', { config: { access: 'public' } }, async (request) => {
    const userAgent = request.headers['user-agent'];
    return service.login(parseBasicAuth(request.headers.authorization), {
      address: request.ip,
      ...(userAgent ? { userAgent } : {}),
    });
  });

  app.post('/api/logout', { config: { access: 'session' } }, async (request) =>
    service.logout(sessionOf(request)),
  );

  app.post('/api/forgotpassword', { config: { access: 'public' } }, async (request) => {
    const body = parse(forgotPasswordBodySchema, request.body);
    return service.forgotPassword(body.username);
  });

  app.put('/api/profile/resetpassword', { config: { access: 'public' } }, async (request) =>
    service.resetPassword(parse(resetPasswordBodySchema, request.body)),
  );

  // The bearer here is an invitation token, not a session: the route is public to the scope hook.
  app.put('/api/profile/register', { config: { access: 'public' } }, async (request) =>
    service.register(bearerToken(request), parse(registerBodySchema, request.body)),
  );
}
