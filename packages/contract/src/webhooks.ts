import { dbIdSchema } from './primitives.ts';
import { z } from './zod.ts';

/**
 * Webhooks: the licensing events a vendor's own systems (or the MLS's) receive as they happen, each
 * signed per the Standard Webhooks specification and delivered at least once.
 */

export const WEBHOOK_EVENT_TYPES = [
  'website.created',
  'website.changed',
  'website.status_changed',
  'website.activated',
  'website.terminated',
  'website.deleted',
  'request.created',
  'request.approved',
  'request.declined',
  'request.withdrawn',
  'saf.sent',
  'saf.signed',
  'saf.declined',
  'saf.completed',
  'saf.voided',
  'document.uploaded',
  'document.rejected',
  'comment.created',
  'compliance.finding_opened',
  'compliance.finding_resolved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Send a test event" to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_GROUPS: { label: string; types: WebhookEventType[] }[] = [
  {
    label: 'Websites',
    types: [
      'website.created',
      'website.changed',
      'website.status_changed',
      'website.activated',
      'website.terminated',
      'website.deleted',
    ],
  },
  {
    label: 'Requests',
    types: ['request.created', 'request.approved', 'request.declined', 'request.withdrawn'],
  },
  {
    label: 'Site Access Forms',
    types: ['saf.sent', 'saf.signed', 'saf.declined', 'saf.completed', 'saf.voided'],
  },
  { label: 'Documents and comments', types: ['document.uploaded', 'document.rejected', 'comment.created'] },
  { label: 'Compliance', types: ['compliance.finding_opened', 'compliance.finding_resolved'] },
];

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_ENDPOINTS_PER_VENDOR = 20;
/** Deliveries are retried with growing waits for this long after the event. */
export const WEBHOOK_RETRY_HOURS = 24;
/** An endpoint whose deliveries have failed for this long is disabled and its vendor told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A secret's predecessor keeps signing at most this long after a rotation. */
export const WEBHOOK_OVERLAP_MAX_HOURS = 7 * 24;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WebhookMessages = {
  urlRequired: 'Enter the address that receives the events.',
  urlInvalid: 'Enter an address starting with https://.',
  urlTooLong: `An address is at most ${WEBHOOK_URL_MAX} characters.`,
  urlCredentials: 'Leave user names and passwords out of the address.',
  descriptionTooLong: `A description is at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  eventsRequired: 'Choose at least one event.',
  tooMany: `An account may have at most ${WEBHOOK_ENDPOINTS_PER_VENDOR} endpoints.`,
  overlapTooLong: 'The old secret keeps signing at most 7 days.',
  disabled: 'This endpoint is disabled; enable it to send events to it.',
  urlNotPublic: 'That address is not reachable from the portal; events go only to public addresses.',
} as const;

/** The reason a typed endpoint address is refused, or null. The server also checks where it points. */
export function webhookUrlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return WebhookMessages.urlRequired;
  if (value.length > WEBHOOK_URL_MAX) return WebhookMessages.urlTooLong;
  // Read by hand: the contract runs where URL may not be declared. The server parses it again.
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#\s]*)([/?#]\S*)?$/.exec(value);
  if (!m || m[1]!.toLowerCase() !== 'https') return WebhookMessages.urlInvalid;
  const authority = m[2]!;
  if (authority.includes('@')) return WebhookMessages.urlCredentials;
  const host = authority.replace(/:\d{1,5}$/, '');
  if (
    !/^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*)$/.test(
      host,
    )
  )
    return WebhookMessages.urlInvalid;
  return null;
}

const personSchema = z.object({ username: z.string(), firstName: z.string(), lastName: z.string() });

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  /** Null: an MLS endpoint that receives every vendor's events. */
  vendorId: z.number().int().nullable(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it was disabled when the portal did it (deliveries failing too long). */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personSchema.nullable(),
  secretRotatedAt: z.string().nullable(),
  /** Until when the previous secret also signs. */
  previousSecretUntil: z.string().nullable(),
  /** Since when every delivery has failed; null when the last one arrived. */
  failingSince: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryStatus: z.number().int().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((t) => t.length > 0, WebhookMessages.eventsRequired)
  .transform((t) => [...new Set(t)]);

const urlSchema = z.string().superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const createWebhookSchema = z.object({
  url: urlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WebhookMessages.descriptionTooLong).default(''),
  eventTypes: eventTypesSchema,
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  url: urlSchema.optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WebhookMessages.descriptionTooLong).optional(),
  eventTypes: eventTypesSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const rotateWebhookSecretSchema = z.object({
  overlapHours: z.number().int().min(0).max(WEBHOOK_OVERLAP_MAX_HOURS, WebhookMessages.overlapTooLong),
});

/** An endpoint with its signing secret, shown only when it is made or rotated. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  createdAt: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status; null when it did not answer. */
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /** The body as sent. */
  payload: z.string(),
  /** The start of what the receiver answered. */
  responseBody: z.string().nullable(),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});

export const webhookIdParamsSchema = z.object({ id: dbIdSchema });
export const webhookDeliveryParamsSchema = z.object({ id: dbIdSchema, deliveryId: dbIdSchema });

/** The body every delivery carries. `data` holds the object as the API returns it. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  vendorId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * The webhook events a History entry raises: each licensing change is recorded in History in its
 * own transaction, so its events are raised there too. Kinds not listed (opened forms, licence
 * bookkeeping, staff extensions) raise none; documents raise theirs where they are stored, with
 * the document itself, a site's or the account's.
 */
export function webhookTypesOfChange(
  kind: string,
  changes: readonly { path: readonly string[]; to?: unknown }[],
): WebhookEventType[] {
  if (kind === 'website.created') return ['website.created'];
  if (kind === 'website.deleted') return ['website.deleted'];
  if (kind === 'website.updated' || kind.startsWith('team.')) return ['website.changed'];
  if (kind === 'website.status_changed') {
    const to = changes.find((c) => c.path.length === 1 && c.path[0] === 'status')?.to;
    if (to === 'Active') return ['website.status_changed', 'website.activated'];
    if (to === 'Inactive') return ['website.status_changed', 'website.terminated'];
    return ['website.status_changed'];
  }
  if (/^website\.[a-z]+_(change_)?requested$/.test(kind)) return ['request.created'];
  const decided = /^website\.[a-z]+_change_(approved|declined|withdrawn)$/.exec(kind)?.[1];
  if (decided) return [`request.${decided}` as WebhookEventType];
  if (kind === 'website.termination_withdrawn') return ['request.withdrawn'];
  if (kind === 'website.compliance_found') return ['compliance.finding_opened'];
  if (kind === 'website.compliance_resolved') return ['compliance.finding_resolved'];
  const saf = /^saf\.(sent|signed|declined|completed|voided)$/.exec(kind)?.[1];
  if (saf) return [`saf.${saf}` as WebhookEventType];
  return [];
}
