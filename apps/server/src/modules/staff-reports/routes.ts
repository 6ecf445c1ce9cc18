import {
  approvalTimesReportSchema,
  billableSitesReportSchema,
  reportRangeQuerySchema,
  sitesByProductReportSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { approvalTimesReport, billableSitesReport, sitesByProductReport } from './service.ts';

/**
 * The console's reports, each a call an MLS can script. They read across every vendor, so only the
 * admin role reaches them (404 to anyone else), and each counts as expensive work.
 */
export function staffReportsRoutes(app: FastifyInstance, _ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff' as const, expensive: true };
  const tags = ['reports'];

  api.get(
    '/api/admin/reports/billable-sites',
    {
      config,
      schema: {
        tags,
        summary:
          'Billable sites per vendor per month, from History (Active or Pending Termination on any day)',
        querystring: reportRangeQuerySchema,
        response: { 200: billableSitesReportSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => billableSitesReport(db, request.query)),
  );

  api.get(
    '/api/admin/reports/approval-times',
    {
      config,
      schema: {
        tags,
        summary:
          'Decisions of MLS staff per month and kind, with median and 90th percentile hours to decision',
        querystring: reportRangeQuerySchema,
        response: { 200: approvalTimesReportSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => approvalTimesReport(db, request.query)),
  );

  api.get(
    '/api/admin/reports/sites-by-product',
    {
      config,
      schema: {
        tags,
        summary: 'Websites today per product and status',
        response: { 200: sitesByProductReportSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => sitesByProductReport(db)),
  );
}
