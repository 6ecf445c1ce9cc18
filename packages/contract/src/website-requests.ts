import { z } from './zod.ts';
import { PrimitiveMessages, isRealDate } from './primitives.ts';
import { WebsiteMessages } from './website-rules.ts';

/**
 * What the server answers when it refuses a website, team or request call, and the shape of the
 * change requests recorded on a site. The spec's own texts live in WebsiteMessages and TeamMessages.
 */
export const WebsiteServerMessages = {
  newSiteStatus: 'A new website starts as Pending Activation.',
  agentLocked: 'The agent of this website cannot be changed here. Use an agent change request.',
  productUnknown: 'Please select a product.',
  siteNotFound: 'Website not found',
  invalidId: 'Invalid id.',
  teamNotFound: 'Team not found',
  teamExists: 'A team already exists for this website.',
  teamProductRequired: 'Only websites with the IDX Team Website product can have a team.',
  teamPrimaryMismatch: "The primary agent must be the website's agent.",
  teamSiteMismatch: 'The team does not belong to this website.',
  domainChangeNotActive: 'Only Active websites can request a domain change.',
  domainChangeSame: 'The new domain is the same as the current one.',
  agentChangeSame: 'This agent is already the agent of the website.',
  agentChangeInactive: 'An Inactive website cannot request an agent change.',
  requestPending: 'A request of this kind is already pending for this website.',
  siteLimit: (limit: number) =>
    `This vendor account holds the most websites it may (${limit.toLocaleString('en-US')}). Please contact the MLS Data Licensing Department.`,
  createRate: 'Too many websites were created in the last minute. Please wait a moment and try again.',
  domainReserved:
    'This domain name is named in a pending domain change request. It can be used once that request is decided.',
} as const;

export const WEBSITE_REQUEST_KINDS = ['domain', 'agent'] as const;
export type WebsiteRequestKind = (typeof WEBSITE_REQUEST_KINDS)[number];

export const websiteRequestSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: z.enum(WEBSITE_REQUEST_KINDS),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** domain: {domainName, reason}; agent: {memberNumber, reciprocal, reason}. */
  payload: z.record(z.string(), z.unknown()),
  date: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type WebsiteRequest = z.infer<typeof websiteRequestSchema>;

/** Request termination of an Active site: it moves to Pending Termination for MLS staff to complete. */
export const terminationRequestSchema = z.object({
  termDate: z
    .string({ error: WebsiteMessages.termDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, WebsiteMessages.termDateRequired)
    .refine(isRealDate, PrimitiveMessages.dateInvalid),
  reason: z.string().trim().max(1000).default(''),
});
export type TerminationRequest = z.input<typeof terminationRequestSchema>;
export type TerminationRequestParsed = z.output<typeof terminationRequestSchema>;
