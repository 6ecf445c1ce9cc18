import {
  CHECK_NOW_MINUTES,
  ComplianceCheckMessages,
  siteComplianceSchema,
  type ComplianceDecision,
  type ComplianceFinding,
  type SiteCompliance,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { intArray, rowsOf } from '../../db/sql.ts';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema, siteParamsSchema } from '../../platform/params.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { CHECKED_STATUSES, checkSite, screenshotsOf, type RuleResult } from './check-site.ts';
import { complianceReportRoutes } from './report-routes.ts';
import { ruleSetRoutes } from './rule-set-routes.ts';

/**
 * A website's compliance, as its vendor (and MLS staff acting for it) read it on the Compliance
 * tab: the latest check rule by rule and the findings; and "Check now", once per site every few
 * minutes whoever asks. Another vendor's site is 404, as everywhere.
 */

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

async function siteOf(db: Db, vendorId: number, siteId: number) {
  const [site] = await rowsOf<{ id: number; status: string; products: number[] }>(
    db,
    sql`SELECT id, status, products FROM websites WHERE id = ${siteId} AND vendor_id = ${vendorId}`,
  );
  if (!site) throw new NotFoundError('Website not found.');
  return site;
}

export async function siteCompliance(
  db: Db,
  vendorId: number,
  siteId: number,
  checkNowMinutes = CHECK_NOW_MINUTES,
): Promise<SiteCompliance> {
  const site = await siteOf(db, vendorId, siteId);
  const [latest] = await rowsOf<{
    id: number;
    started_at: string;
    trigger: 'schedule' | 'vendor' | 'staff';
    decision: ComplianceDecision;
    results: RuleResult[] | string;
    screenshot: boolean;
  }>(
    db,
    sql`SELECT id, started_at, trigger, decision, results,
        jsonb_path_exists(pages, '$[*].screenshot') AS screenshot FROM compliance_checks
      WHERE website_id = ${site.id} ORDER BY started_at DESC, id DESC LIMIT 1`,
  );
  const findings = await rowsOf<{
    id: number;
    product_id: number;
    rule_id: string;
    rule_kind: ComplianceFinding['kind'];
    state: ComplianceFinding['state'];
    reason: string;
    evidence: string;
    opened_at: string;
    due_on: string;
    closed_at: string | null;
    close_reason: string | null;
  }>(
    db,
    sql`SELECT id, product_id, rule_id, rule_kind, state, reason, evidence, opened_at, due_on::text AS due_on, closed_at, close_reason
      FROM compliance_findings WHERE website_id = ${site.id}
      ORDER BY (state = 'open') DESC, opened_at DESC, id DESC LIMIT 100`,
  );
  const [recent] = await rowsOf<{ at: string | null }>(
    db,
    sql`SELECT max(started_at) AS at FROM compliance_checks WHERE website_id = ${site.id} AND trigger <> 'schedule'`,
  );
  const [rules] = await rowsOf<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM compliance_rule_sets WHERE product_id = ANY(${intArray(site.products.map(Number))})) AS any`,
  );
  const next =
    recent?.at && checkNowMinutes > 0
      ? new Date(new Date(recent.at).getTime() + checkNowMinutes * 60_000)
      : null;
  return {
    latest: latest
      ? {
          id: Number(latest.id),
          startedAt: iso(latest.started_at)!,
          trigger: latest.trigger,
          decision: latest.decision,
          results:
            typeof latest.results === 'string'
              ? (JSON.parse(latest.results) as RuleResult[])
              : latest.results,
          screenshot: !!latest.screenshot,
        }
      : null,
    findings: findings.map((f) => ({
      id: Number(f.id),
      productId: Number(f.product_id),
      ruleId: f.rule_id,
      kind: f.rule_kind,
      state: f.state,
      reason: f.reason,
      evidence: f.evidence,
      openedAt: iso(f.opened_at)!,
      dueOn: f.due_on,
      closedAt: iso(f.closed_at),
      closeReason: f.close_reason,
    })),
    nextCheckAllowedAt: next && next > new Date() ? next.toISOString() : null,
    checkable: !!rules?.any && (CHECKED_STATUSES as readonly string[]).includes(site.status),
  };
}

/** The key of the screenshot a check of the vendor's site kept; 404 when there is none. */
async function screenshotOf(db: Db, vendorId: number, siteId: number, checkId: number): Promise<string> {
  const site = await siteOf(db, vendorId, siteId);
  const [check] = await rowsOf<{ pages: unknown }>(
    db,
    sql`SELECT pages FROM compliance_checks WHERE id = ${checkId} AND website_id = ${site.id}`,
  );
  const key = check ? screenshotsOf(check.pages)[0] : undefined;
  if (!key) throw new NotFoundError(ComplianceCheckMessages.noScreenshot);
  return key;
}

const checkParamsSchema = siteParamsSchema.extend({
  checkId: idSchema.meta({ description: 'Id of the compliance check.', examples: ['311'] }),
});

export function complianceRoutes(app: FastifyInstance, ctx: AppContext): void {
  ruleSetRoutes(app, ctx);
  complianceReportRoutes(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const minutes = ctx.config.complianceCheckNowMinutes;
  /** Sites being checked on request now: a second ask meanwhile waits its turn like any other. */
  const checking = new Set<number>();

  api.get(
    '/api/portal/websites/:id/compliance',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags: ['compliance'],
        summary: "A website's compliance: its latest check rule by rule, and its findings",
        params: siteParamsSchema,
        response: { 200: siteComplianceSchema, ...errorResponses },
      },
    },
    async (request) => siteCompliance(ctx.db, vendorOf(request), request.params.id, minutes),
  );

  api.get(
    '/api/portal/websites/:id/compliance/checks/:checkId/screenshot',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags: ['compliance'],
        summary: "A check's screenshot of the website's home page, as headless Chromium drew it",
        description:
          'A PNG of the first 1280×800 pixels of the page, kept when pages are drawn (COMPLIANCE_RENDER=chromium): with the latest check of a site, and with each check that opened a finding. 404 when the check kept none.',
        params: checkParamsSchema,
        response: {
          200: {
            description: 'The screenshot.',
            content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, checkId } = request.params;
      const key = await screenshotOf(ctx.db, vendorOf(request), id, checkId);
      // Given up or removed meanwhile: as if it had never been kept.
      if (!(await ctx.storage.exists(key))) throw new NotFoundError(ComplianceCheckMessages.noScreenshot);
      const stream = await ctx.storage.get(key);
      stream.once('error', (err) => request.log.error({ err, checkId }, 'compliance screenshot read failed'));
      return reply
        .type('image/png')
        .header('Content-Disposition', `inline; filename="check-${checkId}.png"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream as never);
    },
  );

  api.post(
    '/api/portal/websites/:id/compliance/check',
    {
      config: { access: 'vendor-write', keyScope: 'websites', expensive: true },
      schema: {
        tags: ['compliance'],
        summary: 'Checks a website now ("Fixed: check again"), once per site every few minutes',
        description: `Reads the site and judges every rule of its products now; findings open and resolve as with the daily check. Once per site every ${CHECK_NOW_MINUTES} minutes, whoever asks (429 with Retry-After sooner).`,
        params: siteParamsSchema,
        response: { 200: siteComplianceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const vendorId = vendorOf(request);
      const before = await siteCompliance(ctx.db, vendorId, request.params.id, minutes);
      if (!before.checkable) throw new ConflictError(ComplianceCheckMessages.notCheckable);
      if (before.nextCheckAllowedAt) {
        const seconds = Math.ceil((new Date(before.nextCheckAllowedAt).getTime() - Date.now()) / 1000);
        throw new TooManyRequestsError(
          ComplianceCheckMessages.tooSoon(Math.max(1, Math.ceil(seconds / 60))),
          seconds,
        );
      }
      const siteId = request.params.id;
      if (checking.has(siteId))
        throw new TooManyRequestsError(
          ComplianceCheckMessages.tooSoon(Math.max(1, minutes)),
          Math.max(1, minutes) * 60,
        );
      checking.add(siteId);
      try {
        const staff = sessionOf(request).user.role === 'admin';
        await checkSite(ctx, siteId, staff ? 'staff' : 'vendor');
      } finally {
        checking.delete(siteId);
      }
      return siteCompliance(ctx.db, vendorId, siteId, minutes);
    },
  );
}
