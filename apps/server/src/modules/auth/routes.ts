import {
  loginCodeAccountSchema,
  loginCodeBodySchema,
  loginCodeAnswerSchema,
  newLoginCodeSchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  messageResponseSchema,
  invitedAccountSchema,
  registerBodySchema,
  registerAnswerSchema,
  resetPasswordBodySchema,
} from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { bearerToken, sessionOf } from '../../platform/scope.ts';
import { deviceTokens } from './devices.ts';
import { definePurge } from './purge.ts';
import { authService, parseBasicAuth } from './service.ts';

/** Who is logging in, as a new session records it: the address and the browser. */
function clientOf(request: FastifyRequest): { address: string; userAgent?: string } {
  const userAgent = request.headers['user-agent'];
  return { address: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = authService(ctx);
  definePurge(ctx);
  const tags = ['auth'];
  const done = { 200: messageResponseSchema, ...errorResponses };

  api.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with basic authentication; answers the session token and role',
        security: [{ basic: [] }],
        response: { 200: loginAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { deviceCookie, ...session } = await service.login(
        parseBasicAuth(request.headers.authorization),
        clientOf(request),
        deviceTokens(request.headers.cookie),
      );
      void reply.header('set-cookie', deviceCookie);
      return session;
    },
  );

  api.post(
    '/api/login/code/account',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Whose account a one-time login code opens (name, username, email), shown before the code is used; the code stays unused',
        body: loginCodeBodySchema,
        response: { 200: loginCodeAccountSchema, ...errorResponses },
      },
    },
    async (request) => service.loginCodeAccount(request.body.code),
  );

  api.post(
    '/api/login/code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Use a one-time login code (from a single sign-on or auth redirect link) for a session, once the person has confirmed its account; a code works once, for two minutes',
        body: loginCodeBodySchema,
        response: { 200: loginCodeAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.loginWithCode(request.body.code, clientOf(request)),
  );

  api.post(
    '/api/login/code/new',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A one-time login code for the current user, to open the portal elsewhere as them',
        response: { 200: newLoginCodeSchema, ...errorResponses },
      },
    },
    async (request) => service.newLoginCode(sessionOf(request)),
  );

  api.post(
    '/api/logout',
    { config: { access: 'session' }, schema: { tags, summary: 'End this session', response: done } },
    async (request) => service.logout(sessionOf(request)),
  );

  api.post(
    '/api/forgotpassword',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a password reset link; the answer is the same whether or not the user exists',
        body: forgotPasswordBodySchema.meta({ examples: [{ username: 'demo' }] }),
        response: done,
      },
    },
    async (request) =>
      service.forgotPassword(request.body.username, request.ip, deviceTokens(request.headers.cookie)),
  );

  api.put(
    '/api/profile/resetpassword',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the token of a mailed reset link',
        body: resetPasswordBodySchema.meta({
          examples: [{ token: 'token-from-the-mailed-link', password: 'a-new-long-password' }],
        }),
        response: done,
      },
    },
    async (request) => service.resetPassword(request.body, request.ip),
  );

  // The bearer here is an invitation token, not a session: the routes are public to the scope hook.
  api.get(
    '/api/profile/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whom an invitation is for (the bearer is the mailed invitation token); it stays unused',
        security: [{ session: [] }],
        response: { 200: invitedAccountSchema, ...errorResponses },
      },
    },
    async (request) => service.invitation(bearerToken(request)),
  );

  api.put(
    '/api/profile/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Accept an invitation (the bearer is the mailed invitation token); answers a session',
        security: [{ session: [] }],
        body: registerBodySchema.meta({
          examples: [{ password: 'a-new-long-password', firstName: 'Dana', lastName: 'Whitfield' }],
        }),
        response: { 200: registerAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.register(bearerToken(request), request.body, clientOf(request)),
  );
}
