import {
  ComplianceRuleSetMessages,
  complianceRuleSetInputSchema,
  productRuleSetSchema,
  ruleSetVersionSchema,
  type ComplianceRule,
  type ProductRuleSet,
  type RuleSetVersion,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema } from '../../platform/params.ts';
import { sessionOf } from '../../platform/scope.ts';

/**
 * The console's compliance rules: each product's current rule set, and a save, which is a new
 * version (the old ones stay, and each check names the version it was judged against). MLS staff
 * only.
 */

interface Row {
  product_id: number;
  product_name: string;
  id: number | null;
  version: number | null;
  rules: ComplianceRule[] | string | null;
  grace_days: number | null;
  created_at: string | null;
  created_by: string | null;
}

const toRuleSet = (r: Row): ProductRuleSet => ({
  productId: Number(r.product_id),
  productName: r.product_name,
  current:
    r.id === null
      ? null
      : {
          id: Number(r.id),
          version: Number(r.version),
          rules: typeof r.rules === 'string' ? (JSON.parse(r.rules) as ComplianceRule[]) : (r.rules ?? []),
          graceDays: Number(r.grace_days),
          createdAt: new Date(r.created_at!).toISOString(),
          createdBy: r.created_by,
        },
});

async function ruleSets(db: Db, productId?: number): Promise<ProductRuleSet[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT p.id AS product_id, p.name AS product_name, s.id, s.version, s.rules, s.grace_days, s.created_at,
        NULLIF(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by
      FROM products p
      LEFT JOIN LATERAL (SELECT * FROM compliance_rule_sets c WHERE c.product_id = p.id ORDER BY c.version DESC LIMIT 1) s ON true
      LEFT JOIN users u ON u.id = s.created_by
      ${productId === undefined ? sql`` : sql`WHERE p.id = ${productId}`}
      ORDER BY p.id`,
  );
  return rows.map(toRuleSet);
}

/** A product's saved versions, newest first; null when there is no such product. */
async function versionsOf(db: Db, productId: number): Promise<RuleSetVersion[] | null> {
  const rows = await rowsOf<{
    version: number | null;
    created_at: string | null;
    created_by: string | null;
    rule_count: number | null;
    grace_days: number | null;
  }>(
    db,
    sql`SELECT s.version, s.created_at, jsonb_array_length(s.rules) AS rule_count, s.grace_days,
        NULLIF(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by
      FROM products p
      LEFT JOIN compliance_rule_sets s ON s.product_id = p.id
      LEFT JOIN users u ON u.id = s.created_by
      WHERE p.id = ${productId}
      ORDER BY s.version DESC`,
  );
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.version !== null)
    .map((r) => ({
      version: Number(r.version),
      createdAt: new Date(r.created_at!).toISOString(),
      createdBy: r.created_by,
      ruleCount: Number(r.rule_count),
      graceDays: Number(r.grace_days),
    }));
}

export function ruleSetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' as const };

  api.get(
    '/api/admin/compliance/rule-sets',
    {
      config: staff,
      schema: {
        tags: ['compliance'],
        summary: "Each product's current compliance rules",
        response: { 200: z.array(productRuleSetSchema), ...errorResponses },
      },
    },
    async () => ruleSets(ctx.db),
  );

  api.put(
    '/api/admin/compliance/rule-sets/:productId',
    {
      config: staff,
      schema: {
        tags: ['compliance'],
        summary: "Saves a product's compliance rules as a new version",
        description:
          'The rules in force from now on; earlier versions stay, and each check records the version it was judged against. With `baseVersion`, a save made from a version that is no longer the current one is refused (409).',
        params: z.object({ productId: idSchema.meta({ description: 'Id of the product.' }) }),
        body: complianceRuleSetInputSchema,
        response: { 200: productRuleSetSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const body = request.body;
      const userId = sessionOf(request).user.id;
      await ctx.db.transaction(async (tx) => {
        // The product's row is locked so two saves at once make two versions, never one twice.
        const [product] = await rowsOf<{ id: number }>(
          tx,
          sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`,
        );
        if (!product) throw new NotFoundError(ComplianceRuleSetMessages.productNotFound);
        if (body.baseVersion !== undefined) {
          const [latest] = await rowsOf<{ version: number }>(
            tx,
            sql`SELECT coalesce(max(version), 0) AS version FROM compliance_rule_sets WHERE product_id = ${productId}`,
          );
          const current = Number(latest?.version ?? 0);
          if (current !== body.baseVersion) throw new ConflictError(ComplianceRuleSetMessages.stale(current));
        }
        await tx.execute(
          sql`INSERT INTO compliance_rule_sets (product_id, version, rules, grace_days, created_by)
            SELECT ${productId}, coalesce(max(version), 0) + 1, ${JSON.stringify(body.rules)}::jsonb, ${body.graceDays}, ${userId}
            FROM compliance_rule_sets WHERE product_id = ${productId}`,
        );
      });
      return (await ruleSets(ctx.db, productId))[0]!;
    },
  );

  api.get(
    '/api/admin/compliance/rule-sets/:productId/versions',
    {
      config: staff,
      schema: {
        tags: ['console'],
        summary: "A product's saved compliance rule versions, newest first",
        description: 'Each version with when and by whom it was saved, its number of rules and grace days.',
        params: z.object({ productId: idSchema.meta({ description: 'Id of the product.' }) }),
        response: { 200: z.array(ruleSetVersionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const versions = await versionsOf(ctx.db, request.params.productId);
      if (!versions) throw new NotFoundError(ComplianceRuleSetMessages.productNotFound);
      return versions;
    },
  );
}
