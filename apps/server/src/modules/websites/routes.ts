import {
  agentChangeRequestSchema,
  importCheckSchema,
  importCommitSchema,
  importRefusalSchema,
  importResultSchema,
  createdResponseSchema,
  domainChangeRequestSchema,
  messageResponseSchema,
  productChangeRequestSchema,
  teamChangeRequestSchema,
  terminationRequestSchema,
  websiteInputSchema,
  websiteListQuerySchema,
  websiteListSchema,
  websiteRequestSchema,
  websiteDetailSchema,
  websiteSaveSchema,
  websiteSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { defineWebhookSubject } from '../../platform/webhook-outbox.ts';
import { websitesByIds } from './list-queries.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { siteParamsSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { websitesExportRoutes } from './export.ts';
import { websitesXlsxRoutes } from './export-xlsx.ts';
import { ImportRefused } from './import-websites.ts';
import { websitesService } from './service.ts';
import { defineTermDates } from './term-dates.ts';

const newSite = {
  domainName: 'www.harbor-homes.example.com',
  memberNumber: '3000001',
  products: [1],
  dba: 'Harbor Homes',
};
const examples = {
  create: websiteInputSchema.meta({ examples: [newSite] }),
  save: websiteSaveSchema.meta({
    examples: [{ ...newSite, rowKey: 1042, status: 'Pending Activation', startDate: '2026-12-01' }],
  }),
  domainChange: domainChangeRequestSchema.meta({
    examples: [{ domainName: 'harborhomes.example.com', reason: 'The brokerage renamed itself.' }],
  }),
  agentChange: agentChangeRequestSchema.meta({
    examples: [{ memberNumber: '3000002', reason: 'The agent moved to another office.' }],
  }),
  productChange: productChangeRequestSchema.meta({
    examples: [{ products: [3], reason: 'The brokerage now offers its clients a VOW.' }],
  }),
  teamChange: teamChangeRequestSchema.meta({
    examples: [{ memberIds: ['3000001', '3000007'], reason: 'A new agent joined the team.' }],
  }),
  termination: terminationRequestSchema.meta({
    examples: [{ termDate: '2026-12-31', reason: 'The agent retires.' }],
  }),
};

export function websitesRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A webhook event about a site carries the site as this API answers it.
  defineWebhookSubject('website', websitesByIds);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = websitesService(ctx);
  defineTermDates(ctx);
  const read = { access: 'vendor-read' as const };
  const write = { access: 'vendor-write' as const, keyScope: 'websites' as const, live: 'website' as const };
  const tags = ['websites'];
  // Registered first: `/export` must not be read as a site id.
  websitesExportRoutes(app, ctx);
  websitesXlsxRoutes(app, ctx);

  // Two calls rather than one with a mode: the dry run writes nothing and announces nothing, the
  // import is a write announced once on the live channel; each has its own answer and document.
  const importRow = {
    row: 2,
    domainName: 'www.harbor-homes.example.com',
    memberNumber: '3000001',
    product: 'IDX Website',
    dba: 'Harbor Homes',
    startDate: '2026-12-01',
  };
  api.post(
    '/api/portal/websites/import/check',
    {
      // A write's rights: only those who may import may check an import.
      config: { access: 'vendor-write', keyScope: 'websites', expensive: true },
      bodyLimit: BODY_LIMITS.websiteImport,
      schema: {
        tags,
        summary: 'Dry run of a bulk import: each row judged as the website modal would, nothing created',
        body: importCheckSchema.meta({ examples: [{ rows: [importRow] }] }),
        response: { 200: importResultSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => service.checkImport(vendorOf(request), request.body.rows, db)),
  );

  api.post(
    '/api/portal/websites/import',
    {
      config: write,
      bodyLimit: BODY_LIMITS.websiteImport,
      schema: {
        tags,
        summary:
          'Bulk import: creates the valid rows in one transaction, or with onlyIfAllValid nothing unless every row is valid',
        body: importCommitSchema.meta({ examples: [{ rows: [importRow], onlyIfAllValid: false }] }),
        response: { 201: importResultSchema, 400: importRefusalSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const { rows, onlyIfAllValid } = request.body;
        const result = await service.importRows(vendorOf(request), actorOf(request), rows, onlyIfAllValid);
        return reply.status(201).send(result);
      } catch (err) {
        if (!(err instanceof ImportRefused)) throw err;
        return reply.status(400).send({ code: 400, message: err.message, rows: err.rows });
      }
    },
  );

  api.get(
    '/api/portal/websites',
    {
      config: { ...read, expensive: true },
      schema: {
        tags,
        summary: 'A page of the vendor’s websites, sorted, filtered and searched',
        querystring: websiteListQuerySchema,
        response: { 200: websiteListSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => service.list(vendorOf(request), request.query, db)),
  );

  api.get(
    '/api/portal/websites/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One website, with its requests pending with MLS staff',
        params: siteParamsSchema,
        response: { 200: websiteDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.get(vendorOf(request), request.params.id),
  );

  api.post(
    '/api/portal/websites',
    {
      config: write,
      schema: {
        tags,
        summary: 'Register a website; it starts Pending Activation',
        body: examples.create,
        response: { 201: createdResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(vendorOf(request), actorOf(request), request.body)),
  );

  api.put(
    '/api/portal/websites',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a website under the lock rules of its status',
        body: examples.save,
        response: { 200: websiteSchema, ...errorResponses },
      },
    },
    async (request) => service.save(vendorOf(request), actorOf(request), request.body),
  );

  api.delete(
    '/api/portal/websites/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Delete a website that is Pending Activation and was never Active; its record and History are kept for MLS staff',
        params: siteParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(vendorOf(request), actorOf(request), request.params.id),
  );

  api.get(
    '/api/portal/websites/:id/requests',
    {
      config: read,
      schema: {
        tags,
        summary: 'The change requests of a website, newest first',
        params: siteParamsSchema,
        response: { 200: websiteRequestSchema.array(), ...errorResponses },
      },
    },
    async (request) => service.requests(vendorOf(request), request.params.id),
  );

  api.post(
    '/api/portal/websites/:id/domain-change',
    {
      config: write,
      schema: {
        tags,
        summary: 'Request a new domain for an Active website',
        params: siteParamsSchema,
        body: examples.domainChange,
        response: { 201: websiteRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await service.requestDomainChange(vendorOf(request), actorOf(request), id, request.body);
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/api/portal/websites/:id/agent-change',
    {
      config: write,
      schema: {
        tags,
        summary: 'Request another agent for a website',
        params: siteParamsSchema,
        body: examples.agentChange,
        response: { 201: websiteRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await service.requestAgentChange(vendorOf(request), actorOf(request), id, request.body);
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/api/portal/websites/:id/product-change',
    {
      config: write,
      schema: {
        tags,
        summary: 'Request other products for an Active or Pending Termination website',
        description:
          'The site keeps its products until MLS staff approve. When the new products are not on its signed Site Access Form, the request carries a form round of its own (pendingRequests[].newForm of the site).',
        params: siteParamsSchema,
        body: examples.productChange,
        response: { 201: websiteRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.requestProductChange(
        vendorOf(request),
        actorOf(request),
        request.params.id,
        {
          products: request.body.products,
          reason: request.body.reason ?? '',
        },
      );
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/api/portal/websites/:id/team-change',
    {
      config: write,
      schema: {
        tags,
        summary: 'Request another team for an Active or Pending Termination team website',
        description:
          'memberIds: every agent the team is to have, the primary among them. A member from an office whose broker has not signed needs a new Site Access Form, sent from the request.',
        params: siteParamsSchema,
        body: examples.teamChange,
        response: { 201: websiteRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.requestTeamChange(vendorOf(request), actorOf(request), request.params.id, {
        memberIds: request.body.memberIds,
        reason: request.body.reason ?? '',
      });
      return reply.status(201).send(result);
    },
  );

  for (const [kind, path, label] of [
    ['domain', 'domain-change', 'Domain Change Request'],
    ['agent', 'agent-change', 'Agent Change Request'],
    ['product', 'product-change', 'Product Change Request'],
    ['team', 'team-change', 'Team Change Request'],
  ] as const) {
    api.post(
      `/api/portal/websites/:id/${path}/withdraw`,
      {
        config: write,
        schema: {
          tags,
          summary: `Withdraw the pending ${label} of a website; it keeps its current ${kind === 'product' ? 'products' : kind}`,
          params: siteParamsSchema,
          response: { 200: websiteDetailSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.withdrawRequest(vendorOf(request), actorOf(request), request.params.id, kind),
    );
  }

  api.post(
    '/api/portal/websites/:id/termination',
    {
      config: write,
      schema: {
        tags,
        summary: 'Request termination of an Active website: it moves to Pending Termination',
        params: siteParamsSchema,
        body: examples.termination,
        response: { 200: websiteSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.requestTermination(vendorOf(request), actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/portal/websites/:id/termination/withdraw',
    {
      config: write,
      schema: {
        tags,
        summary: 'Withdraw the termination request of a website in Pending Termination: it returns to Active',
        params: siteParamsSchema,
        response: { 200: websiteSchema, ...errorResponses },
      },
    },
    async (request) => service.withdrawTermination(vendorOf(request), actorOf(request), request.params.id),
  );
}
