import type { FeedRelation, FeedStatus } from '@vp/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { vendorFeeds, vendors } from '../../db/schema.ts';

/** The SQL of data feeds: a vendor's consumers or providers, with the other vendor's name. */

export type FeedRow = typeof vendorFeeds.$inferSelect;

const other = alias(vendors, 'other');

function relations(db: Db, side: 'provider' | 'consumer', vendorId: number): Promise<FeedRelation[]> {
  // A provider's relations name the consumer, and the other way round.
  const own = side === 'provider' ? vendorFeeds.providerVendorId : vendorFeeds.consumerVendorId;
  const theirs = side === 'provider' ? vendorFeeds.consumerVendorId : vendorFeeds.providerVendorId;
  return db
    .select({
      id: vendorFeeds.id,
      vendorName: other.name,
      vendorCode: other.code,
      feedType: vendorFeeds.feedType,
      status: vendorFeeds.status,
      since: vendorFeeds.since,
    })
    .from(vendorFeeds)
    .innerJoin(other, eq(other.id, theirs))
    .where(eq(own, vendorId))
    .orderBy(asc(other.name), asc(vendorFeeds.id))
    .then((rows) => rows.map((r) => ({ ...r, status: r.status as FeedStatus })));
}

export const consumersOf = (db: Db, providerId: number) => relations(db, 'provider', providerId);
export const providersOf = (db: Db, consumerId: number) => relations(db, 'consumer', consumerId);

export async function vendorFlags(db: Db, id: number) {
  const [row] = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      isProvider: vendors.isProvider,
      isConsumer: vendors.isConsumer,
    })
    .from(vendors)
    .where(eq(vendors.id, id));
  return row ?? null;
}
