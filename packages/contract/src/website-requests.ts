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
  productChangeNotLicensed:
    'Only an Active or Pending Termination website asks the MLS for a product change; before activation, change the product and save.',
  productChangeSame: 'These are already the products of the website.',
  productChangeTeam:
    'The IDX Team Website product cannot be added or removed by a product change. Start a new licensing round (Pending Activation) to change it.',
  teamChangeNotLicensed:
    'Only an Active or Pending Termination team website asks the MLS for a team change; before activation, change the team directly.',
  teamChangeSame: 'This is already the team of the website.',
  teamChangePrimary: 'The primary agent stays on the team; change it with an agent change request.',
  /** A save or team change on a licensed site that a request must carry instead. */
  useRequest: (what: 'domain' | 'agent' | 'product' | 'team') =>
    `The ${what === 'product' ? 'products' : what} of a licensed website change${what === 'product' ? '' : 's'} only through a request to the MLS. Use ${what === 'agent' ? 'an' : 'a'} ${what[0]!.toUpperCase()}${what.slice(1)} Change Request.`,
  /** A Site Access Form asked for a request's terms when they need none, or for a request not pending. */
  requestFormNotNeeded: 'This request needs no new Site Access Form.',
  requestNotPending: 'This request is no longer pending.',
} as const;

/** What a site asks the MLS for: a new domain, another agent, other products, another team, or its termination. */
export const WEBSITE_REQUEST_KINDS = ['domain', 'agent', 'product', 'team', 'termination'] as const;
export type WebsiteRequestKind = (typeof WEBSITE_REQUEST_KINDS)[number];

/** A request waits (pending) until MLS staff decide it, or its sender withdraws it. */
export const WEBSITE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

export const websiteRequestSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: z.enum(WEBSITE_REQUEST_KINDS),
  status: z.enum(WEBSITE_REQUEST_STATUSES),
  /**
   * domain: {domainName, reason}; agent: {memberNumber, reciprocal, reason}; product: {products,
   * reason}; team: {memberIds, reason}; termination: {termDate, reason}.
   */
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

/** A licensed site asks for other products (the team product stays as it is). */
export const productChangeRequestSchema = z.object({
  products: z.array(z.number().int().min(1).max(2_147_483_647)).min(1, 'Please select a product.').max(20),
  reason: z.string().trim().max(1000).default(''),
});
export type ProductChangeRequest = z.input<typeof productChangeRequestSchema>;

/** A licensed team site asks for another team: every member it is to have, the primary among them. */
export const teamChangeRequestSchema = z.object({
  memberIds: z.array(z.string().trim().min(1).max(50)).min(1).max(500),
  reason: z.string().trim().max(1000).default(''),
});
export type TeamChangeRequest = z.input<typeof teamChangeRequestSchema>;

/** A request of a site still waiting for MLS staff: the site shows it, its History says requested. */
export const pendingRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WEBSITE_REQUEST_KINDS),
  /** When it was sent (ISO timestamp). */
  date: z.string(),
  reason: z.string(),
  /** What is asked for, readable: the new domain, the new agent with their member number, or the term date (yyyy-mm-dd). */
  requested: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  /**
   * Agent, product and team changes of a licensed site whose new terms need a new signature: why
   * (SafOutOfDateMessages-like sentences), and where the form for them stands. Null when none is needed.
   */
  newForm: z.object({ changes: z.array(z.string()), saf: safStandingSchema }).nullable(),
});
export type PendingRequest = z.infer<typeof pendingRequestSchema>;

/**
 * A decision against the vendor the site still shows: the newest declined request of each kind (until
 * another of that kind is sent), and a declined Site Access Form of the current round (until it is
 * voided), each with who declined, when, why, and what to do next.
 */
export const declinedItemSchema = z.object({
  what: z.enum(['domain', 'agent', 'product', 'team', 'form']),
  title: z.string(),
  /** What was asked for (the request's readable ask), or the form's name. */
  requested: z.string(),
  by: z.string(),
  date: z.string(),
  reason: z.string(),
  next: z.string(),
});
export type DeclinedItem = z.infer<typeof declinedItemSchema>;

export const DeclinedMessages = {
  title: {
    domain: 'Domain Change Request declined',
    agent: 'Agent Change Request declined',
    product: 'Product Change Request declined',
    team: 'Team Change Request declined',
    form: 'Site Access Form declined',
  },
  next: {
    domain: 'Send a new Domain Change Request once the reason is dealt with.',
    agent: 'Send a new Agent Change Request once the reason is dealt with.',
    product: 'Send a new Product Change Request once the reason is dealt with.',
    team: 'Change the team again once the reason is dealt with: it sends a new Team Change Request.',
    form: 'Void the declined form (Files, or SAF on this tab) and send a new SAF once the reason is dealt with.',
  },
} as const;

/** One website as GET /api/portal/websites/:id answers it: with the requests still pending. */
export const websiteDetailSchema = websiteSchema.extend({
  pendingRequests: z.array(pendingRequestSchema),
  declined: z.array(declinedItemSchema),
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
  product: 'A product change is already pending.',
  team: 'A team change is already pending.',
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
export const WITHDRAWABLE_REQUEST_KINDS = ['domain', 'agent', 'product', 'team'] as const;
export type WithdrawableRequestKind = (typeof WITHDRAWABLE_REQUEST_KINDS)[number];

export function isWithdrawableRequest(kind: WebsiteRequestKind): kind is WithdrawableRequestKind {
  return (WITHDRAWABLE_REQUEST_KINDS as readonly string[]).includes(kind);
}

export const RequestWithdrawMessages = {
  action: {
    domain: 'Withdraw request',
    agent: 'Withdraw request',
    product: 'Withdraw request',
    team: 'Withdraw request',
  },
  title: {
    domain: 'Withdraw the Domain Change Request?',
    agent: 'Withdraw the Agent Change Request?',
    product: 'Withdraw the Product Change Request?',
    team: 'Withdraw the Team Change Request?',
  },
  confirm: {
    domain: 'The website keeps its current domain. A new request can be sent afterwards.',
    agent: 'The website keeps its current agent. A new request can be sent afterwards.',
    product: 'The website keeps its current products. A new request can be sent afterwards.',
    team: 'The website keeps its current team. A new request can be sent afterwards.',
  },
  /** The History entry's text and the notice after it is done. */
  withdrawn: {
    domain: 'Domain change request withdrawn',
    agent: 'Agent change request withdrawn',
    product: 'Product change request withdrawn',
    team: 'Team change request withdrawn',
  },
  nothingPending: {
    domain: 'No domain change is pending for this website.',
    agent: 'No agent change is pending for this website.',
    product: 'No product change is pending for this website.',
    team: 'No team change is pending for this website.',
  },
} as const satisfies Record<string, Record<WithdrawableRequestKind, string>>;

/** A pending change of a licensed site that needs a new Site Access Form. */
export const PendingRequestMessages = {
  newFormNeeded: 'The new terms need a new Site Access Form, signed before the MLS can approve them:',
  sendForm: 'Send SAF for this change',
  formSigned: 'The Site Access Form for the new terms is signed: the MLS can now approve the change.',
} as const;

/** The heading a pending request is shown under, by kind. */
export const PENDING_REQUEST_TITLES: Record<WebsiteRequestKind, string> = {
  domain: 'Domain Change Request pending',
  agent: 'Agent Change Request pending',
  product: 'Product Change Request pending',
  team: 'Team Change Request pending',
  termination: 'Termination request pending',
};

/** An agent as people read them: the name with the member number ('Jane Doe (#3000002)'). */
export function agentWithNumber(firstName: string, lastName: string, memberNumber: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name ? `${name} (#${memberNumber})` : `#${memberNumber}`;
}

/** What a team change asks for, readable: who joins and who leaves. */
export function teamChangeText(added: readonly string[], removed: readonly string[]): string {
  const parts = [
    ...(added.length ? [`Adds ${added.join(', ')}`] : []),
    ...(removed.length ? [`removes ${removed.join(', ')}`] : []),
  ];
  const text = parts.join('; ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'No change to the members';
}
