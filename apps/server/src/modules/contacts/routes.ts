import {
  accountChangeListSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  contactTypeInputSchema,
  contactTypeListSchema,
  contactTypeSchema,
  contactTypeUpdateSchema,
  contactUpdateSchema,
  messageResponseSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { contactsService } from './service.ts';

const contactParams = z.object({
  id: idSchema.meta({ description: 'Id of the contact.', examples: ['12'] }),
});
const typeParams = z.object({
  id: idSchema.meta({ description: 'Id of the contact type.', examples: ['2'] }),
});

const example = {
  types: [2],
  firstName: 'Dana',
  lastName: 'Whitfield',
  title: 'Lead Developer',
  email: 'dana.whitfield@summitweb.example',
  phone: '(303) 555-0147',
  notes: 'Reachable 8am–5pm Mountain.',
};

export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = contactsService(ctx);
  const read = { access: 'vendor-read' as const };
  const write = { access: 'vendor-write' as const };
  const staff = { access: 'staff' as const };
  const tags = ['contacts'];

  api.get(
    '/api/contacts/types',
    {
      config: { access: 'session' as const },
      schema: {
        tags,
        summary: 'The contact types, in order, with whether the MLS requires them and for which vendor types',
        response: { 200: contactTypeListSchema, ...errorResponses },
      },
    },
    async () => service.listTypes(),
  );

  api.get(
    '/api/portal/contacts',
    {
      config: read,
      schema: {
        tags,
        summary: 'The vendor’s key contacts by name, all or those of one type',
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(vendorOf(request), request.query.type),
  );

  api.post(
    '/api/contacts',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a key contact; the phone is stored in E.164 (a number without +country is read as US)',
        body: contactInputSchema.meta({ examples: [example] }),
        response: { 201: contactSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(vendorOf(request), actorOf(request), request.body)),
  );

  api.put(
    '/api/contacts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a key contact; `version` is the one it was loaded at (409 when changed since)',
        params: contactParams,
        body: contactUpdateSchema.meta({ examples: [{ ...example, version: 1 }] }),
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) => service.update(vendorOf(request), actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/contacts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a key contact',
        params: contactParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(vendorOf(request), actorOf(request), request.params.id),
  );

  api.post(
    '/api/admin/contact-types',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Add a contact type, after the others (admin role only)',
        body: contactTypeInputSchema.meta({
          examples: [{ name: 'Legal', required: true, vendorTypes: ['VOW Vendor'] }],
        }),
        response: { 201: contactTypeSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createType(actorOf(request), request.body)),
  );

  api.get(
    '/api/admin/contact-types/:id/history',
    {
      config: staff,
      schema: {
        tags,
        summary: 'What MLS staff changed on a contact type, newest first (admin role only)',
        params: typeParams,
        response: { 200: accountChangeListSchema, ...errorResponses },
      },
    },
    async (request) => service.typeHistory(request.params.id),
  );

  api.put(
    '/api/admin/contact-types/:id',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Say whether a contact type is required, and for which vendor types (none: all) (admin role only)',
        params: typeParams,
        body: contactTypeUpdateSchema.meta({ examples: [{ required: true, vendorTypes: [] }] }),
        response: { 200: contactTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.updateType(actorOf(request), request.params.id, request.body),
  );
}
