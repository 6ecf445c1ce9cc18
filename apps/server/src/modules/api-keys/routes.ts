import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  issuedApiKeySchema,
  rotateApiKeySchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { apiKeysService } from './service.ts';

export const API_KEY_EXPIRY_JOB = 'api-keys.expiry-notice';

const keyParams = z.object({ id: idSchema.meta({ description: 'Id of the API key.', examples: ['4'] }) });
const vendorParams = z.object({ id: idSchema.meta({ description: 'Id of the vendor.', examples: ['1'] }) });

export function apiKeysRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = apiKeysService(ctx);
  // Keys never manage keys: a leaked key cannot make itself a successor.
  const read = { access: 'vendor-read' as const, keyScope: false as const };
  const write = { access: 'vendor-write' as const, keyScope: false as const };
  const staff = { access: 'staff' as const };
  const tags = ['api-keys'];

  api.get(
    '/api/api-keys',
    {
      config: read,
      schema: {
        tags,
        summary: 'The vendor’s API keys, newest first, with their scopes, expiry and last use',
        response: { 200: apiKeyListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await service.list(vendorOf(request)) }),
  );

  api.post(
    '/api/api-keys',
    {
      config: write,
      schema: {
        tags,
        summary: 'Makes an API key for the vendor; its secret is answered this once',
        body: createApiKeySchema,
        response: { 201: issuedApiKeySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const issued = await service.create(vendorOf(request), actorOf(request), request.body);
      return reply.code(201).send(issued);
    },
  );

  api.post(
    '/api/api-keys/:id/rotate',
    {
      config: write,
      schema: {
        tags,
        summary: 'Issues a key to replace this one, which keeps working for the overlap chosen',
        params: keyParams,
        body: rotateApiKeySchema,
        response: { 200: issuedApiKeySchema, ...errorResponses },
      },
    },
    async (request) =>
      service.rotate(vendorOf(request), actorOf(request), request.params.id, request.body.overlapHours),
  );

  api.post(
    '/api/api-keys/:id/revoke',
    {
      config: write,
      schema: {
        tags,
        summary: 'Revokes a key at once',
        params: keyParams,
        response: { 200: apiKeySchema, ...errorResponses },
      },
    },
    async (request) => service.revoke(vendorOf(request), actorOf(request), request.params.id),
  );

  api.get(
    '/api/admin/vendors/:id/api-keys',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A vendor’s API keys (MLS staff)',
        params: vendorParams,
        response: { 200: apiKeyListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await service.list(request.params.id) }),
  );

  api.post(
    '/api/admin/api-keys/:id/revoke',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Revokes any vendor’s key (MLS staff)',
        params: keyParams,
        response: { 200: apiKeySchema, ...errorResponses },
      },
    },
    async (request) => service.revoke(null, actorOf(request), request.params.id),
  );

  ctx.jobs.define(
    API_KEY_EXPIRY_JOB,
    async () => {
      const n = await service.noticeExpiring();
      return n === 0
        ? 'No key expires within a week.'
        : `Told the makers of ${n} keys expiring within a week.`;
    },
    {
      cron: '17 6 * * *',
      description: 'Mails the maker of each API key a week before it expires.',
    },
  );
}
