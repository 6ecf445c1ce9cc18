import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  AvatarMessages,
  displayPreferencesSchema,
  emailConfirmBodySchema,
  linkedAccountSchema,
  messageResponseSchema,
  profileSchema,
  profileUpdateSchema,
  tosSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sessionOf } from '../../platform/scope.ts';
import { avatarService } from './avatar.ts';
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

  api.put(
    '/api/profile/preferences/display',
    {
      config: session,
      schema: {
        tags,
        summary: 'Keep the theme with the account (light, dark, or the device’s), for every browser',
        body: displayPreferencesSchema.meta({ examples: [{ theme: 'dark' }] }),
        response: profile,
      },
    },
    async (request) => service.setDisplay(sessionOf(request), request.body),
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

  avatarRoutes(app, ctx, service);
}

/**
 * The profile picture. Its upload is the image's own bytes as the body (no form around it), which
 * only this route accepts: its parsers are registered in a scope of their own.
 */
function avatarRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  profiles: ReturnType<typeof profileService>,
): void {
  const avatars = avatarService(ctx);
  const tags = ['profile'];
  const session = { access: 'session' as const };

  void app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      [...AVATAR_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    api.put(
      '/api/profile/avatar',
      {
        config: { ...session, tooLargeMessage: AvatarMessages.tooLarge },
        bodyLimit: AVATAR_MAX_BYTES,
        schema: {
          tags,
          summary: `Set the profile picture: the image itself as the body (PNG, JPEG or WebP, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB); stored as a 256 px square`,
          consumes: [...AVATAR_TYPES],
          response: { 200: profileSchema, ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new BadRequestError(AvatarMessages.notImage);
        const user = sessionOf(request).user;
        await avatars.save(user.id, body);
        return profiles.reload(user.id);
      },
    );

    api.delete(
      '/api/profile/avatar',
      {
        config: session,
        schema: {
          tags,
          summary: 'Remove the profile picture',
          response: { 200: profileSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        await avatars.remove(user.id);
        return profiles.reload(user.id);
      },
    );

    api.get(
      '/api/avatars/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A profile picture, at the address in its user's avatar field",
          params: z.object({ token: z.string().max(64) }),
          response: {
            200: {
              description: 'The picture, a 256 px WebP square.',
              content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
            },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { image, contentType } = await avatars.read(request.params.token);
        // A new picture gets a new address, so this one may be kept for good.
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(image as never);
      },
    );
  });
}
