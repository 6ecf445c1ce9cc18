import { complianceReportQuerySchema, complianceReportSchema, COMPLIANCE_TREND_DAYS } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { complianceReport } from './report-service.ts';

/**
 * The console's compliance report, a call an MLS can script. It reads across every vendor, so only
 * the admin role reaches it (404 to anyone else), and it counts as expensive work.
 */
export function complianceReportRoutes(app: FastifyInstance, _ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/compliance/report',
    {
      config: { access: 'staff', expensive: true },
      schema: {
        tags: ['compliance'],
        summary: 'Pass rates per vendor and per rule, overdue findings, and the trend of the last days',
        description: `By the latest check of each licensed website (Active or Pending Termination): sites passing, failing and unknown per vendor, results per kind of rule, open and overdue findings, the most overdue findings, and the last ${COMPLIANCE_TREND_DAYS} days (UTC) day by day. A vendor or product that does not exist answers 404.`,
        querystring: complianceReportQuerySchema,
        response: { 200: complianceReportSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => complianceReport(db, request.query)),
  );
}
