import {
  messageResponseSchema,
  resourceIdParamsSchema,
  resourceListSchema,
  resourceOrderSchema,
  resourceResponseSchema,
  ResourceMessages,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { contentDisposition } from '../documents/index.ts';
import { resourcesService } from './service.ts';
import { readResourceForm, registerResourceMultipart } from './upload.ts';

const tags = ['resources'];

const formDescription =
  'Multipart (category, title, description, and a file) or JSON (category, title, description, url). ' +
  'The category is one of RESOURCE_CATEGORIES; a URL must be http or https; a file is checked as document ' +
  'uploads are (one of the 13 extensions, a clean name, not empty, within MAX_UPLOAD_MB, content that ' +
  'matches its extension). MLS staff only: 403 to anyone else.';

export function resourcesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = resourcesService(ctx);
  const maxBytes = ctx.config.maxUploadBytes;

  // Multipart is parsed only where a resource's file may arrive.
  void app.register(async (scope) => {
    await registerResourceMultipart(scope, maxBytes);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/api/resources',
      {
        config: { access: 'vendor-read', keyScope: false },
        schema: {
          tags,
          summary: 'Publish a resource: a file or a link (MLS staff only)',
          description: formDescription,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: resourceResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const form = await readResourceForm(request, ctx.storage, maxBytes);
        const resource = await service.create(actor, form);
        return reply.code(201).send({ message: ResourceMessages.created, resource });
      },
    );
    api.put(
      '/api/resources/:id',
      {
        config: { access: 'vendor-read', keyScope: false },
        schema: {
          tags,
          summary: 'Edit a resource; a new file or URL replaces its content (MLS staff only)',
          description: `${formDescription} Without a file or URL the content stays as it is.`,
          consumes: ['multipart/form-data', 'application/json'],
          params: resourceIdParamsSchema,
          response: { 200: resourceResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const form = await readResourceForm(request, ctx.storage, maxBytes);
        const resource = await service.update(actor, request.params.id, form);
        return { message: ResourceMessages.updated, resource };
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/resources',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'What the MLS publishes for vendors, by category and position, each marked new or not',
        description:
          'Every signed-in role. isNew: changed since this user last looked (PUT /api/resources/seen). ' +
          'MLS staff also get the retired ones, with retiredAt.',
        response: { 200: resourceListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(actorOf(request)),
  );

  api.put(
    '/api/resources/seen',
    {
      config: { access: 'vendor-read', keyScope: false },
      schema: {
        tags,
        summary: 'The user has looked at the resources: what changes later is new to them',
        response: { 200: z.object({ lastSeenAt: z.string() }), ...errorResponses },
      },
    },
    async (request) => service.markSeen(actorOf(request)),
  );

  api.put(
    '/api/resources/order',
    {
      config: { access: 'vendor-read', keyScope: false },
      schema: {
        tags,
        summary: "Reorder one category's resources (MLS staff only)",
        description: 'ids: every active resource of one category, each once, in the new order.',
        body: resourceOrderSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.reorder(actorOf(request), request.body.ids),
  );

  api.get(
    '/api/resources/:id/file',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "Download a resource's file, with its real name as the attachment's",
        params: resourceIdParamsSchema,
        response: {
          200: {
            description: 'The file, as an attachment.',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { row, stream } = await service.open(actorOf(request), request.params.id);
      stream.once('error', (err) => request.log.error({ err, resource: row.id }, 'resource download failed'));
      return reply
        .type(row.contentType ?? 'application/octet-stream')
        .header('Content-Length', String(row.size ?? 0))
        .header('Content-Disposition', contentDisposition(row.fileName ?? 'resource'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream as never);
    },
  );

  api.delete(
    '/api/resources/:id',
    {
      config: { access: 'vendor-read', keyScope: false },
      schema: {
        tags,
        summary: 'Retire a resource: kept, hidden from vendors (MLS staff only)',
        params: resourceIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.retire(actorOf(request), request.params.id),
  );
}
