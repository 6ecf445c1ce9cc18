import { formatCount } from './format.ts';
import { z } from './zod.ts';
import { safStandingSchema } from './saf-standing.ts';
import { PrimitiveMessages, isRealDate, isWithinYearsAhead } from './primitives.ts';
import { WebsiteMessages } from './website-rules.ts';
import { websiteSchema } from './website.ts';

/**
 * What the server answers when it refuses a website, team or request call, and the shape of the
 * change requests recorded on a site. The spec's own texts live in WebsiteMessages and TeamMessages.
 */
export const WebsiteServerMessages = {
  newSiteStatus: 'A new website starts as Pending Activation.',
  agentLocked: 'The agent of this website cannot be changed here. Use an agent change request.',
  /** The lock hint where no request can be sent (an Inactive site): it names no absent action. */
  agentFixed: 'The agent of this website cannot be changed.',
  /** The lock hint beside its request link, one sentence with the link at its end. */
  agentLockedUse: 'The agent of this website cannot be changed here. Use an',
  productUnknown: 'Please select a product.',
  siteNotFound: 'Website not found',
  invalidId: 'Invalid id.',
  teamNotFound: 'Team not found',
  teamClosed: 'The team of an Inactive website cannot be changed.',
  teamExists: 'A team already exists for this website.',
  teamProductRequired: 'Only websites with the IDX Team Website product can have a team.',
  teamPrimaryMismatch: "The primary agent must be the website's agent.",
  teamSiteMismatch: 'The team does not belong to this website.',
  domainChangeNotActive: 'Only Active websites can request a domain change.',
  domainChangeSame: 'The new domain is the same as the current one.',
  agentChangeSame: 'This agent is already the agent of the website.',
  agentChangeInactive: 'An Inactive website cannot request an agent change.',
  siteLimit: (limit: number) =>
    `This vendor account holds the most websites it may (${formatCount(limit)}). Please contact the MLS Data Licensing Department.`,
  createRate: 'Too many websites were created in the last minute. Please wait a moment and try again.',
  domainReserved:
    'This domain name is named in a pending domain change request. It can be used once that request is decided.',
} as const;

/** What a site asks the MLS for: a new domain, another agent, or its termination. */
export const WEBSITE_REQUEST_KINDS = ['domain', 'agent', 'termination'] as const;
export type WebsiteRequestKind = (typeof WEBSITE_REQUEST_KINDS)[number];

/** A request waits (pending) until MLS staff decide it, or its sender withdraws it. */
export const WEBSITE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

export const websiteRequestSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: z.enum(WEBSITE_REQUEST_KINDS),
  status: z.enum(WEBSITE_REQUEST_STATUSES),
  /** domain: {domainName, reason}; agent: {memberNumber, reciprocal, reason}; termination: {termDate, reason}. */
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
    .refine(isRealDate, PrimitiveMessages.dateInvalid)
    .refine((d) => isWithinYearsAhead(d), WebsiteMessages.termDateTooFar),
  reason: z.string().trim().max(1000).default(''),
});
export type TerminationRequest = z.input<typeof terminationRequestSchema>;
export type TerminationRequestParsed = z.output<typeof terminationRequestSchema>;

/** A request of a site still waiting for MLS staff: the site shows it, its History says requested. */
export const pendingRequestSchema = z.object({
  kind: z.enum(WEBSITE_REQUEST_KINDS),
  /** When it was sent (ISO timestamp). */
  date: z.string(),
  reason: z.string(),
  /** What is asked for, readable: the new domain, the new agent with their member number, or the term date (yyyy-mm-dd). */
  requested: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type PendingRequest = z.infer<typeof pendingRequestSchema>;

/** One website as GET /api/portal/websites/:id answers it: with the requests still pending. */
export const websiteDetailSchema = websiteSchema.extend({
  pendingRequests: z.array(pendingRequestSchema),
  /** Where the site stands with its Site Access Form in the current licensing round. */
  saf: safStandingSchema,
});
export type WebsiteDetail = z.infer<typeof websiteDetailSchema>;

/**
 * Why a request cannot be sent while one of its kind waits for MLS staff: said beside the disabled
 * button, and by the server refusing a second one.
 */
export const REQUEST_PENDING_MESSAGES: Record<WebsiteRequestKind, string> = {
  domain: 'A domain change is already pending.',
  agent: 'An agent change is already pending.',
  termination: 'A termination is already pending.',
};

/** The reason a request of this kind cannot be sent now, or null when it can. */
export function pendingRequestBlock(
  kind: WebsiteRequestKind,
  pending: readonly { kind: WebsiteRequestKind }[] | undefined,
): string | null {
  return pending?.some((r) => r.kind === kind) ? REQUEST_PENDING_MESSAGES[kind] : null;
}

/**
 * The requests a vendor may take back while they wait, each on its own call. (A termination is
 * withdrawn with its status, by Withdraw termination.)
 */
export const WITHDRAWABLE_REQUEST_KINDS = ['domain', 'agent'] as const;
export type WithdrawableRequestKind = (typeof WITHDRAWABLE_REQUEST_KINDS)[number];

export function isWithdrawableRequest(kind: WebsiteRequestKind): kind is WithdrawableRequestKind {
  return (WITHDRAWABLE_REQUEST_KINDS as readonly string[]).includes(kind);
}

export const RequestWithdrawMessages = {
  action: { domain: 'Withdraw request', agent: 'Withdraw request' },
  title: { domain: 'Withdraw the Domain Change Request?', agent: 'Withdraw the Agent Change Request?' },
  confirm: {
    domain: 'The website keeps its current domain. A new request can be sent afterwards.',
    agent: 'The website keeps its current agent. A new request can be sent afterwards.',
  },
  /** The History entry's text and the notice after it is done. */
  withdrawn: { domain: 'Domain change request withdrawn', agent: 'Agent change request withdrawn' },
  nothingPending: {
    domain: 'No domain change is pending for this website.',
    agent: 'No agent change is pending for this website.',
  },
} as const satisfies Record<string, Record<WithdrawableRequestKind, string>>;

/** The heading a pending request is shown under, by kind. */
export const PENDING_REQUEST_TITLES: Record<WebsiteRequestKind, string> = {
  domain: 'Domain Change Request pending',
  agent: 'Agent Change Request pending',
  termination: 'Termination request pending',
};

/** An agent as people read them: the name with the member number ('Jane Doe (#3000002)'). */
export function agentWithNumber(firstName: string, lastName: string, memberNumber: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name ? `${name} (#${memberNumber})` : `#${memberNumber}`;
}
