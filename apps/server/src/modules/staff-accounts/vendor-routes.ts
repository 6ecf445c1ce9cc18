import {
  accountChangeListSchema,
  messageResponseSchema,
  savedVendorSchema,
  staffIdParamsSchema,
  vendorDetailSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorOptionListSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { vendorsService } from './vendors.ts';

export const STAFF_ACCOUNTS_TAG = 'staff-accounts';

const example = {
  name: 'Lakeside Listings',
  code: 'LKS',
  type: 'IDX Vendor',
  isConsumer: true,
  isProvider: false,
  reciprocalAllowed: false,
  permissionAudit: false,
  feedType: 'RESO Web API',
  technicalContact: 'Jo Park (tech@lakeside.example)',
  billingContact: 'accounts@lakeside.example',
  parentId: null,
};

export function vendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = vendorsService(ctx);
  const staff = { access: 'staff' as const };
  const tags = [STAFF_ACCOUNTS_TAG];
  const params = staffIdParamsSchema;

  api.get(
    '/api/admin/vendors',
    {
      config: { ...staff, expensive: true },
      schema: {
        tags,
        summary:
          'A page of vendors, searched by name or code, with their sites, missing documents and last activity',
        querystring: vendorListQuerySchema,
        response: { 200: vendorListSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => service.list(request.query, db)),
  );

  api.get(
    '/api/admin/vendors/options',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Every vendor by name, for choosing a primary account or a user’s linked accounts',
        response: { 200: vendorOptionListSchema, ...errorResponses },
      },
    },
    async () => service.options(),
  );

  api.get(
    '/api/admin/vendors/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'One vendor with its figures, its sub-accounts and the users linked to it',
        params,
        response: { 200: vendorDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.detail(request.params.id),
  );

  api.get(
    '/api/admin/vendors/:id/history',
    {
      config: staff,
      schema: {
        tags,
        summary: 'What MLS staff changed on a vendor, newest first, with who changed it',
        params,
        response: { 200: accountChangeListSchema, ...errorResponses },
      },
    },
    async (request) => service.history(request.params.id),
  );

  api.post(
    '/api/admin/vendors',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Create a vendor; its code is unique (409 when taken)',
        body: vendorInputSchema.meta({ examples: [example] }),
        response: { 201: savedVendorSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  api.put(
    '/api/admin/vendors/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Edit a vendor: name, code, type, flags, feed, contacts and its primary account',
        params,
        body: vendorInputSchema.meta({ examples: [example] }),
        response: { 200: savedVendorSchema, ...errorResponses },
      },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/vendors/:id/suspend',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Suspend a vendor: its users can no longer act for it (403), and its live sockets close on every instance',
        params,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.suspend(actorOf(request), request.params.id),
  );

  api.post(
    '/api/admin/vendors/:id/reinstate',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Reinstate a suspended vendor',
        params,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.reinstate(actorOf(request), request.params.id),
  );
}
