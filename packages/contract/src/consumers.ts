import type { BadgeTone } from './colors.ts';
import { isoDateSchema } from './primitives.ts';
import { z } from './zod.ts';

/**
 * Data feeds between vendors (spec §3 consumers, §7 `GET /portal/consumers`): a provider vendor
 * (`isProvider`) feeds consumer vendors (`isConsumer`). A provider sees the consumers it feeds, a
 * consumer its providers, each with the other vendor's name, the feed type, status and since-date.
 */

export const FEED_STATUSES = ['Active', 'Pending', 'Suspended', 'Ended'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** A feed's status in the colours the sites' statuses use: running green, waiting amber, stopped red. */
export const FEED_STATUS_TONE: Record<FeedStatus, BadgeTone> = {
  Active: 'success',
  Pending: 'warning',
  Suspended: 'danger',
  Ended: 'info',
};

export const FEED_TYPE_MAX = 60;

export const FeedMessages = {
  notFeeding: 'This vendor neither provides nor consumes a data feed.',
  self: 'A vendor cannot feed itself.',
  vendorUnknown: 'This vendor does not exist.',
  notProvider: (name: string) => `${name} is not a data provider. Mark it as a provider first.`,
  notConsumer: (name: string) => `${name} is not a data consumer. Mark it as a consumer first.`,
  duplicate: 'This provider already feeds this consumer.',
  feedTypeRequired: 'Please enter the feed type.',
  feedTypeTooLong: `The feed type cannot be more than ${FEED_TYPE_MAX} characters.`,
  statusInvalid: `Please choose a status: ${FEED_STATUSES.join(', ')}.`,
  notFound: 'Feed not found',
  created: 'Feed added',
  deleted: 'Feed removed',
  /** The screen's titles: a provider lists its consumers, a consumer its providers. */
  consumersTitle: 'Consumers',
  providersTitle: 'Providers',
  noConsumers: 'No consumer receives your data feed yet.',
  noProviders: 'No provider feeds you data yet.',
} as const;

/** One relation as a vendor sees it: the other vendor, the feed type, status and since-date. */
export const feedRelationSchema = z.object({
  id: z.number().int(),
  vendorName: z.string(),
  vendorCode: z.string(),
  feedType: z.string(),
  status: z.enum(FEED_STATUSES),
  since: z.string().meta({ description: 'yyyy-mm-dd' }),
});
export type FeedRelation = z.infer<typeof feedRelationSchema>;

export const consumersResponseSchema = z.object({
  isProvider: z.boolean(),
  isConsumer: z.boolean(),
  /** The consumers this vendor feeds (empty unless it is a provider). */
  consumers: z.array(feedRelationSchema),
  /** The providers that feed this vendor (empty unless it is a consumer). */
  providers: z.array(feedRelationSchema),
});
export type ConsumersResponse = z.infer<typeof consumersResponseSchema>;

export const feedInputSchema = z.object({
  providerVendorId: z.number().int().min(1).max(2_147_483_647),
  consumerVendorId: z.number().int().min(1).max(2_147_483_647),
  feedType: z
    .string({ error: FeedMessages.feedTypeRequired })
    .trim()
    .min(1, FeedMessages.feedTypeRequired)
    .max(FEED_TYPE_MAX, FeedMessages.feedTypeTooLong),
  status: z.enum(FEED_STATUSES, { error: FeedMessages.statusInvalid }).default('Active'),
  since: isoDateSchema,
});
export type FeedInput = z.input<typeof feedInputSchema>;

export const feedSchema = z.object({
  id: z.number().int(),
  providerVendorId: z.number().int(),
  consumerVendorId: z.number().int(),
  feedType: z.string(),
  status: z.enum(FEED_STATUSES),
  since: z.string(),
});
export const feedResponseSchema = z.object({ message: z.string(), feed: feedSchema });

/** Whether a vendor's metadata gives it the data-feed screen. */
export function hasFeeds(meta: { isProvider?: boolean; isConsumer?: boolean } | null | undefined): boolean {
  return !!meta && (!!meta.isProvider || !!meta.isConsumer);
}
