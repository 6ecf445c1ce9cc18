import { z } from './zod.ts';
import { MLS_STATUSES, SITE_STATUSES } from './status.ts';
import { WebsiteMessages, isValidDomain, normalizeDomain } from './website-rules.ts';

/** Wire shapes of websites, agents, teams and the change log (spec §3). Dates are yyyy-mm-dd. */

export const siteStatusSchema = z.enum(SITE_STATUSES);
export const mlsStatusSchema = z.enum(MLS_STATUSES);

const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be in yyyy-mm-dd format.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Please enter a valid date.');

export const brokerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  licenseNumber: z.string(),
  office: z.string(),
  memberNumber: z.string(),
  mlsId: z.string(),
});
export type Broker = z.infer<typeof brokerSchema>;

/** An agent as search results, the agent dialog and team members show it. */
export const agentSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** MemberMlsId: the member number agents are known by. */
  memberNumber: z.string(),
  /** MemberKey: the MLS system's id of the member record. */
  mlsId: z.string(),
  office: z.string(),
  status: z.string(),
  licenseNumber: z.string(),
  broker: brokerSchema.nullable(),
  /** The agent's association, for reciprocal agents. */
  memberAOR: z.string().nullable(),
});
export type Agent = z.infer<typeof agentSchema>;

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
  rowKey: z.number().int().positive().optional(),
  domainName: domainNameSchema,
  memberNumber: z
    .string({ error: WebsiteMessages.agentRequired })
    .trim()
    .min(1, WebsiteMessages.agentRequired)
    .max(50),
  reciprocal: z.boolean().default(false),
  status: siteStatusSchema.default('Pending Activation'),
  startDate: isoDateSchema.nullable().optional(),
  termDate: isoDateSchema.nullable().optional(),
  dba: z.string().trim().max(200, 'DBA cannot be more than 200 characters.').default(''),
  products: z
    .array(z.number().int().positive(), { error: WebsiteMessages.productRequired })
    .min(1, WebsiteMessages.productRequired)
    .max(10),
});
export type WebsiteInput = z.input<typeof websiteInputSchema>;
export type WebsiteInputParsed = z.output<typeof websiteInputSchema>;

export const WEBSITE_SORT_FIELDS = [
  'domainName',
  'status',
  'licensee',
  'mlsStatus',
  'office',
  'memberNumber',
  'startDate',
  'termDate',
] as const;

export const websiteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(50),
  sort: z.enum(WEBSITE_SORT_FIELDS).default('domainName'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: siteStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export type WebsiteListQuery = z.input<typeof websiteListQuerySchema>;

export const websiteListSchema = z.object({ items: z.array(websiteSchema), total: z.number().int() });
export type WebsiteList = z.infer<typeof websiteListSchema>;

export const productSchema = z.object({ id: z.number().int(), name: z.string() });
export type Product = z.infer<typeof productSchema>;

/** The product whose websites carry a team of agents. */
export const TEAM_PRODUCT_ID = 2;

export const teamMemberSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  memberNumber: z.string(),
  mlsId: z.string(),
  licenseNumber: z.string(),
  office: z.string(),
  status: z.string(),
});
export const teamSchema = z.object({
  siteId: z.number().int(),
  primary: z.string(),
  memberIds: z.array(z.string()),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamInputSchema = z.object({
  siteId: z.number().int().positive(),
  primary: z.string().trim().min(1),
  memberIds: z.array(z.string().trim().min(1).max(50)).max(500),
});
export type TeamInput = z.infer<typeof teamInputSchema>;

export const TeamMessages = {
  added: 'Agent added successfully',
  removed: 'Agent removed successfully',
  selectAgent: 'Please select an agent',
  primaryCannotBeRemoved: 'Primary agent cannot be removed',
  searchPlaceholder: 'Agent name, Member #, or License #.',
} as const;

export const changeSchema = z.object({ path: z.array(z.string()), from: z.unknown(), to: z.unknown() });
export const changelogEntrySchema = z.object({
  date: z.string(),
  description: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  changes: z.array(changeSchema),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

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

/** The spreadsheet export (spec §9). */
export const EXPORT_FILE_NAME = 'table-list';
export const EXPORT_COLUMNS = [
  { key: 'domainName', header: 'Domain' },
  { key: 'status', header: 'Status' },
  { key: 'licensee', header: 'Licensee' },
  { key: 'mlsStatus', header: 'MLS Status' },
  { key: 'office', header: 'Office' },
  { key: 'mlsId', header: 'MLS ID' },
  { key: 'memberNumber', header: 'Member #' },
  { key: 'startDate', header: 'Start Date' },
  { key: 'termDate', header: 'Term Date' },
] as const satisfies readonly { key: keyof Website; header: string }[];

export const AgentSearchMessages = {
  noMembers: 'No matching members',
  noResults: 'No matching results',
  notFound: 'Agent information not found.',
  fetchFailed: 'Failed to fetch updated agent information.',
} as const;
