import {
  documentIdParamsSchema,
  documentListSchema,
  documentTypeListSchema,
  documentTypeSchema,
  messagingTypeBodySchema,
  messagingTypeListSchema,
  messagingTypeSchema,
  messageResponseSchema,
  requiredTypeQuerySchema,
  uploadLimitsSchema,
  uploadResponseSchema,
  DocumentMessages,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { vendorOf } from '../../platform/scope.ts';
import { contentDisposition } from './download.ts';
import { readUpload, registerMultipart } from './multipart.ts';
import { documentsService } from './service.ts';
import { scheduleOrphanSweep } from './sweep.ts';

const tags = ['documents'];
const siteParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export function documentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = documentsService(ctx);
  scheduleOrphanSweep(app, ctx);

  // Multipart is parsed only where a file is uploaded.
  void app.register(async (scope) => {
    await registerMultipart(scope, ctx.config.maxUploadBytes);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/documents',
      {
        config: { access: 'vendor-write', keyScope: 'documents' },
        schema: {
          tags,
          summary: 'Upload a document (multipart: file, documentType, optional website)',
          description:
            'The file is checked like the client does (type chosen, one of the 13 extensions, at most 128 characters) ' +
            'and more: no control characters or path separators, no hidden second type, not empty, within ' +
            'MAX_UPLOAD_MB (413 beyond), and content that matches its extension.',
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const vendorId = vendorOf(request);
        const actor = actorOf(request);
        const input = await readUpload(request, ctx.storage, ctx.config.maxUploadBytes);
        const document = await service.upload(vendorId, actor, input);
        return { message: DocumentMessages.uploaded, document };
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/documents/limits',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'What an upload may be: the largest file accepted',
        response: { 200: uploadLimitsSchema, ...errorResponses },
      },
    },
    async () => ({ maxBytes: ctx.config.maxUploadBytes }),
  );
  api.get(
    '/api/documents',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "The vendor's account-level documents (those on no website), newest first",
        response: { 200: documentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listVendor(vendorOf(request)),
  );

  api.get(
    '/api/portal/websites/:id/documents',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "A website's documents, newest first",
        params: siteParams,
        response: { 200: documentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listWebsite(vendorOf(request), request.params.id),
  );

  api.get(
    '/api/document/:id',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "Download a document: its content with its type, and its name as the attachment's",
        params: documentIdParamsSchema,
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
      const { row, stream } = await service.open(vendorOf(request), request.params.id);
      stream.once('error', (err) => request.log.error({ err, document: row.id }, 'document download failed'));
      return reply
        .type(row.contentType)
        .header('Content-Length', String(row.size))
        .header('Content-Disposition', contentDisposition(row.label))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream as never);
    },
  );

  api.delete(
    '/api/document/:id',
    {
      config: { access: 'vendor-write', keyScope: 'documents' },
      schema: {
        tags,
        summary: 'Delete a document; a signed one stays (MLS staff only may remove it)',
        params: documentIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(vendorOf(request), actorOf(request), request.params.id),
  );

  api.get(
    '/api/documenttypes',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'The document types of the Files tab and the Upload File page',
        response: { 200: documentTypeListSchema, ...errorResponses },
      },
    },
    async () => service.types(),
  );

  api.get(
    '/api/documenttypes/required',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'A document type by its internal name (saf), or 404 when there is none',
        querystring: requiredTypeQuerySchema,
        response: { 200: documentTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.requiredType(request.query.name),
  );

  api.get(
    '/api/documenttypes/messaging',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The document types offered on messages',
        response: { 200: messagingTypeListSchema, ...errorResponses },
      },
    },
    async () => service.messagingTypes(),
  );

  api.post(
    '/api/documenttypes/messaging',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Add a messaging document type (MLS staff only)',
        body: messagingTypeBodySchema.meta({ examples: [{ type: 'Audit Finding' }] }),
        response: { 200: messagingTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.createMessagingType(actorOf(request), request.body.type),
  );

  api.put(
    '/api/documenttypes/messaging/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Rename a messaging document type (MLS staff only)',
        params: documentIdParamsSchema,
        body: messagingTypeBodySchema,
        response: { 200: messagingTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.renameMessagingType(actorOf(request), request.params.id, request.body.type),
  );
}
