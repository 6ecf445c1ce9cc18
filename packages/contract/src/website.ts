import { z } from './zod.ts';
import { brokerSchema } from './agent.ts';
import { dbIdSchema, isoDateSchema, isWithinYearsAhead } from './primitives.ts';
import { SITE_STATUSES } from './status.ts';
import {
  parseSiteIds,
  WEBSITE_LIST_IDS_MAX,
  WebsiteListMessages,
  WEBSITE_LIST_MISSING,
  WEBSITE_PAGE_SIZE_MAX,
  WEBSITE_SORT_FIELDS,
} from './website-fields.ts';
import { WebsiteMessages, isValidDomain, normalizeDomain } from './website-rules.ts';

/** Wire shapes of websites, their list and their change requests (spec §3). Dates are yyyy-mm-dd. */

export const siteStatusSchema = z.enum(SITE_STATUSES);

export const websiteSchema = z.object({
  rowKey: z.number().int(),
  domainName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mlsStatus: z.string(),
  memberNumber: z.string(),
  licenseNumber: z.string(),
  mlsId: z.string(),
  office: z.string(),
  startDate: z.string().nullable(),
  termDate: z.string().nullable(),
  /** The licensed agent's full name. */
  licensee: z.string(),
  status: siteStatusSchema,
  reciprocal: z.boolean(),
  memberAOR: z.string().nullable(),
  broker: brokerSchema.nullable(),
  dba: z.string(),
  products: z.array(z.number().int()),
  /** Whether the site was ever Active: it then never returns to Pending Activation, nor is deleted. */
  activated: z.boolean(),
  /** Raised by every change; a save names the version it was made from (409 when stale). */
  version: z.number().int(),
});
export type Website = z.infer<typeof websiteSchema>;

export const domainNameSchema = z
  .string({ error: WebsiteMessages.domainRequired })
  .trim()
  .min(1, WebsiteMessages.domainRequired)
  .max(253, WebsiteMessages.domainInvalid)
  .refine(isValidDomain, WebsiteMessages.domainInvalid)
  .transform(normalizeDomain);

/** What the client sends to create (POST) or save (PUT) a website; agent fields come from the roster. */
export const websiteInputSchema = z.object({
  rowKey: dbIdSchema.optional(),
  domainName: domainNameSchema,
  memberNumber: z
    .string({ error: WebsiteMessages.agentRequired })
    .trim()
    .min(1, WebsiteMessages.agentRequired)
    .max(50),
  reciprocal: z.boolean().default(false),
  status: siteStatusSchema.default('Pending Activation'),
  startDate: isoDateSchema
    .refine((d) => isWithinYearsAhead(d), WebsiteMessages.startDateTooFar)
    .nullable()
    .optional(),
  termDate: isoDateSchema
    .refine((d) => isWithinYearsAhead(d), WebsiteMessages.termDateTooFar)
    .nullable()
    .optional(),
  dba: z.string().trim().max(200, 'DBA cannot be more than 200 characters.').default(''),
  products: z
    .array(dbIdSchema, { error: WebsiteMessages.productRequired })
    .min(1, WebsiteMessages.productRequired)
    .max(10),
});
export type WebsiteInput = z.input<typeof websiteInputSchema>;
export type WebsiteInputParsed = z.output<typeof websiteInputSchema>;

/** PUT: the same fields, naming the saved site by its rowKey. */
export const websiteSaveSchema = websiteInputSchema.extend({
  rowKey: websiteInputSchema.shape.rowKey.unwrap(),
  /** The version the form was loaded at: a save made from an older one is refused (409). */
  version: z.number().int().min(0).max(2_147_483_647),
});
export type WebsiteSave = z.output<typeof websiteSaveSchema>;

export const websiteListQuerySchema = z.object({
  // Deep enough for any list; bounded so the offset stays a database integer.
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WEBSITE_PAGE_SIZE_MAX).default(50),
  sort: z.enum(WEBSITE_SORT_FIELDS).default('domainName'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: siteStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
  missing: z
    .enum(WEBSITE_LIST_MISSING, {
      error: 'The list filters of this kind are missing=documents and missing=compliance.',
    })
    .optional(),
  /** These sites only (a notification about several sites opens them): ids separated by commas. */
  ids: z
    .string()
    .max(WEBSITE_LIST_IDS_MAX * 11)
    .transform((text, ctx) => {
      const ids = parseSiteIds(text);
      if (ids) return ids;
      ctx.addIssue({ code: 'custom', message: WebsiteListMessages.idsInvalid });
      return z.NEVER;
    })
    .optional(),
});
export type WebsiteListQuery = z.input<typeof websiteListQuerySchema>;

export const websiteListSchema = z.object({ items: z.array(websiteSchema), total: z.number().int() });
export type WebsiteList = z.infer<typeof websiteListSchema>;

export const productSchema = z.object({ id: z.number().int(), name: z.string() });
export type Product = z.infer<typeof productSchema>;

/** A Domain Change Request (Active sites) or an agent/broker change, recorded on the site. */
export const domainChangeRequestSchema = z.object({
  domainName: domainNameSchema,
  reason: z.string().trim().max(1000).default(''),
});
export const agentChangeRequestSchema = z.object({
  memberNumber: z.string().trim().min(1, WebsiteMessages.agentRequired).max(50),
  reciprocal: z.boolean().default(false),
  reason: z.string().trim().max(1000).default(''),
});
export type DomainChangeRequest = z.output<typeof domainChangeRequestSchema>;
export type AgentChangeRequest = z.output<typeof agentChangeRequestSchema>;
