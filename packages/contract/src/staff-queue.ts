import { z } from './zod.ts';
import { dbIdSchema, isoDateSchema } from './primitives.ts';
import { safStandingSchema } from './saf-standing.ts';
import { siteStatusSchema } from './website.ts';

/**
 * The MLS staff console's approval queue: everything waiting on the MLS, one list, oldest first,
 * and the decisions staff take on it. Only the admin role reaches these calls; anyone else gets 404.
 */

/**
 * What an item waits for. `roster`: the site's agent is no longer active on the MLS roster.
 * `licence`: a site licensed without a signed Site Access Form on file, for staff to review.
 * `compliance`: an Active site's compliance finding left unfixed past its due date.
 */
export const QUEUE_KINDS = [
  'activation',
  'termination',
  'domain',
  'agent',
  'product',
  'team',
  'roster',
  'licence',
  'compliance',
] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export const QUEUE_KIND_LABELS: Record<QueueKind, string> = {
  activation: 'Activation',
  termination: 'Termination',
  domain: 'Domain change',
  agent: 'Agent change',
  product: 'Product change',
  team: 'Team change',
  roster: 'Agent no longer active',
  licence: 'Licence review',
  compliance: 'Compliance overdue',
};

/** Age filters, in business days waited: today's, 1 to 2, 3 to 4, 5 or more. */
export const QUEUE_AGES = ['0', '1-2', '3-4', '5+'] as const;
export type QueueAge = (typeof QUEUE_AGES)[number];

export const QUEUE_AGE_LABELS: Record<QueueAge, string> = {
  '0': 'Today',
  '1-2': '1–2 business days',
  '3-4': '3–4 business days',
  '5+': '5 business days or more',
};

/** The business-day bounds [min, max] of an age filter (max null: no upper bound). */
export function queueAgeBounds(age: QueueAge): [number, number | null] {
  switch (age) {
    case '0':
      return [0, 0];
    case '1-2':
      return [1, 2];
    case '3-4':
      return [3, 4];
    case '5+':
      return [5, null];
  }
}

export const QUEUE_PAGE_SIZE_MAX = 100;

export const queueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUEUE_PAGE_SIZE_MAX).default(25),
  kind: z.enum(QUEUE_KINDS).optional(),
  vendor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  age: z.enum(QUEUE_AGES).optional(),
  /** Matches the domain, the vendor's name or code, and the agent's name or member number. */
  search: z.string().trim().max(200).optional(),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

/** A document an activation waits for, or one on file that staff may reject. */
export const queueDocumentSchema = z.object({
  typeId: z.number().int(),
  type: z.string(),
  /** The document on file for this type, or null when none is (it is missing). */
  documentId: z.number().int().nullable(),
  label: z.string().nullable(),
});

export const queueItemSchema = z.object({
  /** Unique in the queue: the kind and the site or request it is about. */
  key: z.string(),
  kind: z.enum(QUEUE_KINDS),
  siteId: z.number().int(),
  domainName: z.string(),
  status: siteStatusSchema,
  /** The site's version: an action names it, and answers 409 when the site moved on. */
  version: z.number().int(),
  vendor: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  agent: z.object({ memberNumber: z.string(), name: z.string(), mlsStatus: z.string() }),
  /** When it started waiting (ISO timestamp), and for how many business days since. */
  since: z.string(),
  ageBusinessDays: z.number().int().min(0),
  /** A change request's id (domain, agent, product, team, termination), null for the others. */
  requestId: z.number().int().nullable(),
  /** `licence` items: the licence held without a form on file, which staff review. */
  licenceId: z.number().int().nullable(),
  /** `compliance` items: the overdue finding, with the rule it fails and the day it was due. */
  finding: z
    .object({
      id: z.number().int(),
      rule: z.string(),
      evidence: z.string(),
      dueOn: z.string(),
    })
    .nullable(),
  /** What is asked for, readable: the new domain, the new agent, the term date; '' for activation. */
  requested: z.string(),
  reason: z.string(),
  startDate: z.string().nullable(),
  termDate: z.string().nullable(),
  /**
   * Activation: the Site Access Form's standing. Agent, product and team changes: the standing of
   * the form for the terms asked for when they need a new signature (null when they do not).
   */
  saf: safStandingSchema.nullable(),
  documents: z.array(queueDocumentSchema),
  /** Why the item's main action (Activate, Terminate) cannot be taken now; empty when it can. */
  blockers: z.array(z.string()),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueSummarySchema = z.object({
  /**
   * Items of the whole queue, whatever the filter, that staff can decide now: a termination whose
   * term date is still ahead waits apart, in `scheduled`.
   */
  waiting: z.number().int(),
  /** Terminations asked for with a term date still ahead: nothing to decide until that day. */
  scheduled: z.number().int(),
  /** The oldest decidable item's start, or null when nothing waits. */
  oldestSince: z.string().nullable(),
  oldestBusinessDays: z.number().int().nullable(),
  /** Median hours from waiting to decision over the last 30 days; null without decisions. */
  medianDecisionHours: z.number().nullable(),
  decisions30Days: z.number().int(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

export const queuePageSchema = z.object({
  items: z.array(queueItemSchema),
  total: z.number().int(),
  summary: queueSummarySchema,
});
export type QueuePage = z.infer<typeof queuePageSchema>;

/** The goal the header is held to: a decision within one business day. */
export const DECISION_GOAL_HOURS = 24;

// ---------------------------------------------------------------------------------------------
// Actions

const versionSchema = z.number().int().min(1).max(2_147_483_647);
const reasonSchema = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, 'Please give a reason.')
  .max(1000, 'The reason can be at most 1,000 characters.');

export const activateInputSchema = z.object({
  version: versionSchema,
  /** The licence's start; today (the activation date) when not given. */
  startDate: isoDateSchema.optional(),
});
export type ActivateInput = z.input<typeof activateInputSchema>;

export const terminateInputSchema = z.object({ version: versionSchema });
export type TerminateInput = z.input<typeof terminateInputSchema>;

export const declineInputSchema = z.object({ reason: reasonSchema });
export type DeclineInput = z.input<typeof declineInputSchema>;

/**
 * Approving a change request. When the terms asked for need a new signature and no signed form for
 * them is on file, staff may record that a paper form they hold covers them, saying which.
 */
export const paperFormSchema = z
  .string({ error: 'Please say which paper form covers the new terms.' })
  .trim()
  .min(1, 'Please say which paper form covers the new terms.')
  .max(1000, 'The note can be at most 1,000 characters.');
export const approveRequestInputSchema = z.object({ paperForm: paperFormSchema.optional() });
export type ApproveRequestInput = z.input<typeof approveRequestInputSchema>;

/** Staff have reviewed a licence held without a signed form on file: what covers it. */
export const licenceNoteSchema = z
  .string({ error: 'Please say what covers this licence.' })
  .trim()
  .min(1, 'Please say what covers this licence.')
  .max(1000, 'The note can be at most 1,000 characters.');
export const reviewLicenceInputSchema = z.object({ note: licenceNoteSchema });
export type ReviewLicenceInput = z.input<typeof reviewLicenceInputSchema>;

export const rejectDocumentInputSchema = z.object({ reason: reasonSchema });

/** How far ahead an overdue finding's fix-by date may be moved. */
export const FINDING_EXTEND_MAX_DAYS = 180;

/** A new fix-by date for an overdue compliance finding, and why the vendor gets it. */
export const extendFindingInputSchema = z.object({
  dueOn: isoDateSchema,
  reason: reasonSchema,
});
export type ExtendFindingInput = z.input<typeof extendFindingInputSchema>;

/** A compliance finding the MLS accepts as it is, with the reason kept in the site's History. */
export const waiveFindingInputSchema = z.object({ reason: reasonSchema });
export type WaiveFindingInput = z.input<typeof waiveFindingInputSchema>;

/**
 * The MLS ends a licence over an unfixed finding: the site goes to Pending Termination with the
 * term date given, and waits in the queue for that day as any termination does.
 */
export const findingTerminationInputSchema = z.object({
  version: versionSchema,
  termDate: isoDateSchema,
  reason: reasonSchema,
});
export type FindingTerminationInput = z.input<typeof findingTerminationInputSchema>;
export type RejectDocumentInput = z.input<typeof rejectDocumentInputSchema>;

export const QUEUE_BULK_MAX = 500;

export const bulkSitesInputSchema = z.object({
  sites: z
    .array(z.object({ id: dbIdSchema, version: versionSchema }))
    .min(1, 'Select at least one website.')
    .max(QUEUE_BULK_MAX, `At most ${QUEUE_BULK_MAX} websites at a time.`),
});
export type BulkSitesInput = z.input<typeof bulkSitesInputSchema>;

/** A bulk action's result per site: done, or the message it was refused with. */
export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      domainName: z.string(),
      ok: z.boolean(),
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const QueueMessages = {
  title: 'Approval queue',
  empty: 'Nothing is waiting on the MLS.',
  emptyFiltered: 'No items match these filters.',
  activated: (domain: string) => `${domain} is Active`,
  terminated: (domain: string) => `${domain} is Inactive`,
  approved: 'Request approved',
  declined: 'Request declined',
  documentRejected: 'Document rejected',
  rosterCleared: 'Marked as reviewed',
  licenceReviewed: 'Licence reviewed',
  licenceWithoutForm:
    'Licensed without a signed Site Access Form on file. Record what covers it (a paper form the MLS holds, for example).',
  licenceNotFound: 'This licence is no longer current, or was reviewed already.',
  /** A change whose new terms need a signature, approved before a form for them counts. */
  needsForm:
    'The new terms need a signed Site Access Form: the vendor sends one from the request, or record which paper form covers them.',
  notFlagged: 'This website is not flagged for a roster change.',
  /** Activation blockers. */
  safNotSigned: 'The Site Access Form is not signed by everyone.',
  documentMissing: (type: string) => `No ${type} on file.`,
  notPendingActivation: 'This website is no longer waiting for activation.',
  /** Termination blockers. */
  notPendingTermination: 'This website is no longer waiting for termination.',
  beforeTermDate: (termDate: string) => `The term date (${termDate}) has not been reached.`,
  /** A request or document acted on before. */
  requestDecided: 'This request was already decided or withdrawn.',
  requestNotFound: 'Request not found',
  documentNotFound: 'Document not found',
  documentNotRejectable:
    'This document cannot be rejected: it is voided, already rejected, or a signed form.',
  stale: 'Someone acted on this website first. The queue has been refreshed.',
  startInFuture: 'The start date cannot be in the future.',
  /** Compliance overdue. */
  findingNotOpen: 'This finding was already fixed, waived or decided.',
  findingNotFound: 'Finding not found',
  findingNotActive: 'This website is no longer Active: its findings wait on its own decision.',
  extendNotAhead: 'The new fix-by date must be after today.',
  extendTooFar: `The new fix-by date can be at most ${FINDING_EXTEND_MAX_DAYS} days ahead.`,
  termDateInPast: 'The term date must be today or later.',
  findingExtended: (dueOn: string) => `The fix-by date is now ${dueOn}`,
  findingWaived: 'Finding waived',
  findingTerminationStarted: (domain: string) => `${domain} is Pending Termination`,
  bulkDone: (ok: number, failed: number) => (failed === 0 ? `${ok} done` : `${ok} done, ${failed} not done`),
} as const;

/** Whole business days (Monday to Friday) from one date to a later one, yyyy-mm-dd, in UTC. */
export function businessDaysBetween(from: string, to: string): number {
  const start = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const end = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  if (!(end > start)) return 0;
  const days = Math.round((end - start) / 86_400_000);
  const weeks = Math.floor(days / 7);
  let count = weeks * 5;
  // The remaining days after whole weeks, counted one by one from the day after `from`.
  const startDay = new Date(start).getUTCDay();
  for (let i = 1; i <= days % 7; i++) {
    const day = (startDay + weeks * 7 + i) % 7;
    if (day !== 0 && day !== 6) count++;
  }
  return count;
}

/** The vendors with items waiting, for the queue's vendor filter. */
export const queueVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  waiting: z.number().int(),
});
export const queueVendorListSchema = z.array(queueVendorSchema);
export type QueueVendor = z.infer<typeof queueVendorSchema>;

/**
 * The console's calls, under /api. Every one answers 404 to anyone but the admin role. Actions on
 * one item answer { message }; bulk actions answer BulkResult.
 */
export const StaffQueuePaths = {
  queue: '/admin/queue',
  queueVendors: '/admin/queue/vendors',
  activate: (siteId: number) => `/admin/websites/${siteId}/activate`,
  terminate: (siteId: number) => `/admin/websites/${siteId}/terminate`,
  bulkActivate: '/admin/websites/activate',
  bulkTerminate: '/admin/websites/terminate',
  approveRequest: (requestId: number) => `/admin/requests/${requestId}/approve`,
  declineRequest: (requestId: number) => `/admin/requests/${requestId}/decline`,
  rejectDocument: (documentId: number) => `/admin/documents/${documentId}/reject`,
  /** Roster items: staff have looked at the site; it leaves the queue. Body ClearRosterFlagInput. */
  clearRosterFlag: (siteId: number) => `/admin/websites/${siteId}/roster-flag/clear`,
  /** Licence items: staff record what covers a licence held without a form. Body ReviewLicenceInput. */
  reviewLicence: (licenceId: number) => `/admin/licences/${licenceId}/review`,
  /** Compliance items: a later fix-by date (ExtendFindingInput). */
  extendFinding: (findingId: number) => `/admin/compliance/findings/${findingId}/extend`,
  /** Compliance items: the finding is accepted as it is (WaiveFindingInput). */
  waiveFinding: (findingId: number) => `/admin/compliance/findings/${findingId}/waive`,
  /** Compliance items: the site's licence is ended over it (FindingTerminationInput). */
  terminateForFinding: (findingId: number) => `/admin/compliance/findings/${findingId}/terminate`,
} as const;

// ---------------------------------------------------------------------------------------------
// Jobs: the portal's scheduled work, its last runs and errors, and "Run now"

export const jobRunSchema = z.object({
  startedAt: z.string(),
  /** Null while it runs (or when its instance died mid-run). */
  finishedAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  error: z.string().nullable(),
  /** Started by MLS staff with Run now, not by its schedule. */
  manual: z.boolean(),
  /** What the run changed, in a sentence; null when it had nothing to say (or failed). */
  summary: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Its schedule (cron, UTC), or null when it runs only when asked. */
  cron: z.string().nullable(),
  /** It changes data: Run now first asks, with what a run would do now (GET its preview). */
  asksFirst: z.boolean(),
  /** The newest runs first. */
  runs: z.array(jobRunSchema),
});
export type JobInfo = z.infer<typeof jobInfoSchema>;
export const jobListSchema = z.array(jobInfoSchema);

export const JOB_RUNS_SHOWN = 10;

export const JobMessages = {
  started: (name: string) => `${name} started. Its run shows here once it has finished.`,
  unknown: 'No such job.',
  /** The question before Run now of a job that asks first. */
  confirmTitle: (name: string) => `Run ${name} now?`,
} as const;

export const StaffJobPaths = {
  jobs: '/admin/jobs',
  run: (name: string) => `/admin/jobs/${encodeURIComponent(name)}/run`,
  /** What a run now would do ({ message }), for a job that asks first. */
  preview: (name: string) => `/admin/jobs/${encodeURIComponent(name)}/preview`,
} as const;

/** Clearing a roster flag: staff have looked at the site (its agent, team or broker left the roster). */
export const clearRosterFlagInputSchema = z.object({ version: versionSchema });
export type ClearRosterFlagInput = z.input<typeof clearRosterFlagInputSchema>;
