import {
  activateInputSchema,
  approveRequestInputSchema,
  reviewLicenceInputSchema,
  clearRosterFlagInputSchema,
  bulkResultSchema,
  bulkSitesInputSchema,
  declineInputSchema,
  extendFindingInputSchema,
  findingTerminationInputSchema,
  waiveFindingInputSchema,
  messageResponseSchema,
  queuePageSchema,
  queueQuerySchema,
  queueVendorListSchema,
  rejectDocumentInputSchema,
  terminateInputSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema, siteParamsSchema } from '../../platform/params.ts';
import { staffJobsRoutes } from './jobs-routes.ts';
import { staffQueueService } from './service.ts';

const requestParams = z.object({
  id: idSchema.meta({ description: 'Id of the change request.', examples: ['77'] }),
});
const documentParams = z.object({
  id: idSchema.meta({ description: 'Id of the document.', examples: ['310'] }),
});

/**
 * The MLS staff console's approval queue: the list and every decision on it, each a call an MLS
 * can script. Only the admin role reaches them; to anyone else they do not exist (404).
 */
export function staffQueueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = staffQueueService(ctx);
  const staff = { access: 'staff' as const };
  const tags = ['console'];
  const done = { 200: messageResponseSchema, ...errorResponses };
  staffJobsRoutes(app, ctx);

  api.get(
    '/api/admin/queue',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Everything waiting on the MLS, oldest first, with the header figures',
        querystring: queueQuerySchema,
        response: { 200: queuePageSchema, ...errorResponses },
      },
    },
    async (request) => service.page(request.query),
  );

  api.get(
    '/api/admin/queue/vendors',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The vendors with items waiting, for the vendor filter',
        response: { 200: queueVendorListSchema, ...errorResponses },
      },
    },
    async () => service.vendors(),
  );

  api.post(
    '/api/admin/websites/:id/activate',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Activate a website in Pending Activation (its form signed by everyone, documents on file)',
        params: siteParamsSchema,
        body: activateInputSchema.meta({ examples: [{ version: 4, startDate: '2026-11-25' }] }),
        response: done,
      },
    },
    async (request) => service.activate(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/websites/:id/terminate',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Terminate a website in Pending Termination, on or after its term date',
        params: siteParamsSchema,
        body: terminateInputSchema.meta({ examples: [{ version: 7 }] }),
        response: done,
      },
    },
    async (request) => service.terminate(actorOf(request), request.params.id, request.body),
  );

  for (const action of ['activate', 'terminate'] as const) {
    api.post(
      `/api/admin/websites/${action}`,
      {
        config: staff,
        schema: {
          tags,
          summary: `${action === 'activate' ? 'Activate' : 'Terminate'} many websites, each checked on its own, with a result per site`,
          body: bulkSitesInputSchema.meta({ examples: [{ sites: [{ id: 1042, version: 4 }] }] }),
          response: { 200: bulkResultSchema, ...errorResponses },
        },
      },
      async (request) => service.bulk(actorOf(request), action, request.body.sites),
    );
  }

  api.post(
    '/api/admin/websites/:id/roster-flag/clear',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mark a website the roster sync flagged as reviewed: it leaves the queue',
        params: siteParamsSchema,
        body: clearRosterFlagInputSchema.meta({ examples: [{ version: 7 }] }),
        response: done,
      },
    },
    async (request) => service.clearRosterFlag(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/requests/:id/approve',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Approve a domain, agent, product or team change request: the change is applied with its History; a licensed site’s new terms are its new licence',
        description:
          'When the new terms need a new signature and no signed form for them is on file, answers 409 unless `paperForm` names the paper form that covers them.',
        params: requestParams,
        body: approveRequestInputSchema
          .meta({
            examples: [{}, { paperForm: 'Signed on paper by the broker on 2026-11-20, kept at the MLS.' }],
          })
          // No body at all is an approval without a paper form.
          .nullish(),
        response: done,
      },
    },
    async (request) => service.approve(actorOf(request), request.params.id, request.body ?? {}),
  );

  api.post(
    '/api/admin/licences/:id/review',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Record what covers a licence held without a signed form on file: it leaves the queue',
        params: z.object({ id: idSchema.meta({ description: 'Id of the licence.', examples: ['12'] }) }),
        body: reviewLicenceInputSchema.meta({
          examples: [{ note: 'Paper form of 2024 in the MLS archive, box 12.' }],
        }),
        response: done,
      },
    },
    async (request) => service.reviewLicence(actorOf(request), request.params.id, request.body.note),
  );

  const findingParams = z.object({
    id: idSchema.meta({ description: 'Id of the compliance finding.', examples: ['58'] }),
  });

  api.post(
    '/api/admin/compliance/findings/:id/extend',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Give an overdue compliance finding a later fix-by date, with the reason the vendor reads',
        params: findingParams,
        body: extendFindingInputSchema.meta({
          examples: [
            { dueOn: '2026-12-15', reason: 'The vendor is rebuilding the site; new footer due next week.' },
          ],
        }),
        response: done,
      },
    },
    async (request) => service.extendFinding(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/compliance/findings/:id/waive',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Waive a compliance finding: it is closed with the reason, kept in the site’s History',
        params: findingParams,
        body: waiveFindingInputSchema.meta({
          examples: [
            { reason: 'The disclaimer is on every listing page; the home page has none by design.' },
          ],
        }),
        response: done,
      },
    },
    async (request) => service.waiveFinding(actorOf(request), request.params.id, request.body.reason),
  );

  api.post(
    '/api/admin/compliance/findings/:id/terminate',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'End the licence of a site over an unfixed compliance finding: it waits in Pending Termination for its term date',
        params: findingParams,
        body: findingTerminationInputSchema.meta({
          examples: [
            {
              version: 9,
              termDate: '2026-12-31',
              reason: 'The disclaimer is still missing after two reminders.',
            },
          ],
        }),
        response: done,
      },
    },
    async (request) => service.terminateForFinding(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/requests/:id/decline',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Decline a domain, agent, product or team change request with a reason the vendor sees',
        params: requestParams,
        body: declineInputSchema.meta({ examples: [{ reason: 'The new domain is not registered yet.' }] }),
        response: done,
      },
    },
    async (request) => service.decline(actorOf(request), request.params.id, request.body.reason),
  );

  api.post(
    '/api/admin/documents/:id/reject',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Reject a document with a reason; the vendor is told and can upload another',
        params: documentParams,
        body: rejectDocumentInputSchema.meta({ examples: [{ reason: 'The W-9 is not signed.' }] }),
        response: done,
      },
    },
    async (request) => service.rejectDocument(actorOf(request), request.params.id, request.body.reason),
  );
}
