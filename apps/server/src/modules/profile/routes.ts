import {
  emailConfirmBodySchema,
  linkedAccountSchema,
  messageResponseSchema,
  profileSchema,
  profileUpdateSchema,
  tosSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sessionOf } from '../../platform/scope.ts';
import { profileService } from './service.ts';

/** Own-account routes: `session` access, so read-only users may edit their own profile too. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = profileService(ctx);
  const session = { access: 'session' as const };
  const tags = ['profile'];
  const profile = { 200: profileSchema, ...errorResponses };

  api.get(
    '/api/profile',
    { config: session, schema: { tags, summary: 'The logged-in user', response: profile } },
    async (request) => service.profile(sessionOf(request)),
  );

  api.put(
    '/api/profile',
    {
      config: session,
      schema: {
        tags,
        summary:
          'Change own names; with the current password, the password, and the email (which changes when the link mailed to the new address is opened)',
        body: profileUpdateSchema.meta({
          examples: [{ email: 'dana@summit.example.com', firstName: 'Dana', lastName: 'Whitfield' }],
        }),
        response: profile,
      },
    },
    async (request) => service.update(sessionOf(request), request.body, request.ip),
  );

  api.post(
    '/api/profile/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open the link mailed to a new email address: the address replaces the old one',
        body: emailConfirmBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.confirmEmail(request.body.token),
  );

  api.get(
    '/api/profile/vendors',
    {
      config: session,
      schema: {
        tags,
        summary: 'The vendor accounts the user may act for',
        response: { 200: linkedAccountSchema.array(), ...errorResponses },
      },
    },
    async (request) => service.linkedAccounts(sessionOf(request)),
  );

  api.put(
    '/api/profile/tos',
    { config: session, schema: { tags, summary: 'Accept the current terms of service', response: profile } },
    async (request) => service.acceptTerms(sessionOf(request)),
  );

  api.get(
    '/api/settings/tos',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The terms of service', response: { 200: tosSchema, ...errorResponses } },
    },
    async () => service.terms(),
  );
}
