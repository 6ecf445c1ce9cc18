import {
  accountChangeListSchema,
  adminDocumentTypesSchema,
  documentTypeInputSchema,
  savedDocumentTypeSchema,
  staffIdParamsSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { documentTypesService } from './document-types.ts';
import { STAFF_ACCOUNTS_TAG } from './vendor-routes.ts';

export function documentTypeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = documentTypesService(ctx);
  const staff = { access: 'staff' as const };
  const tags = [STAFF_ACCOUNTS_TAG];
  const example = {
    type: 'Data Security Addendum',
    scope: 'vendor',
    requiredForVendor: true,
    requiredForSites: false,
    requiredForProducts: [],
    messaging: false,
  };

  api.get(
    '/api/admin/document-types',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Every document type, files and messaging, with what it is required for and its documents on file',
        response: { 200: adminDocumentTypesSchema, ...errorResponses },
      },
    },
    async () => service.list(),
  );

  api.get(
    '/api/admin/document-types/:id/history',
    {
      config: staff,
      schema: {
        tags,
        summary: 'What MLS staff changed on a document type, newest first',
        params: staffIdParamsSchema,
        response: { 200: accountChangeListSchema, ...errorResponses },
      },
    },
    async (request) => service.history(request.params.id),
  );

  api.post(
    '/api/admin/document-types',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Add a document type: a file type (scope, requirements) or a messaging type',
        body: documentTypeInputSchema.meta({ examples: [example] }),
        response: { 201: savedDocumentTypeSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  api.put(
    '/api/admin/document-types/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Edit a document type; a type signed in the portal stays on websites',
        params: staffIdParamsSchema,
        body: documentTypeInputSchema.meta({ examples: [example] }),
        response: { 200: savedDocumentTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );
}
