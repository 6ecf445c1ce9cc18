import {
  FeedMessages,
  hasFeeds,
  type ConsumersResponse,
  type FeedStatus,
  feedInputSchema,
} from '@vp/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { vendorFeeds } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import * as q from './queries.ts';

/**
 * Data feeds between vendors. A vendor's flags (isProvider, isConsumer, set by MLS staff on the
 * vendor) decide whether it has the screen at all; a feed may join only a provider to a consumer,
 * so the relations never contradict the flags they are shown under.
 */
export function consumersService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** The vendor's consumers (a provider) and providers (a consumer); 404 to a vendor that is neither. */
    async forVendor(vendorId: number): Promise<ConsumersResponse> {
      const vendor = await q.vendorFlags(db, vendorId);
      if (!vendor || !hasFeeds(vendor)) throw new NotFoundError(FeedMessages.notFeeding);
      const [consumers, providers] = await Promise.all([
        vendor.isProvider ? q.consumersOf(db, vendorId) : [],
        vendor.isConsumer ? q.providersOf(db, vendorId) : [],
      ]);
      return { isProvider: vendor.isProvider, isConsumer: vendor.isConsumer, consumers, providers };
    },

    async add(input: z.output<typeof feedInputSchema>) {
      if (input.providerVendorId === input.consumerVendorId) throw new BadRequestError(FeedMessages.self);
      const [provider, consumer] = await Promise.all([
        q.vendorFlags(db, input.providerVendorId),
        q.vendorFlags(db, input.consumerVendorId),
      ]);
      if (!provider || !consumer) throw new BadRequestError(FeedMessages.vendorUnknown);
      if (!provider.isProvider) throw new BadRequestError(FeedMessages.notProvider(provider.name));
      if (!consumer.isConsumer) throw new BadRequestError(FeedMessages.notConsumer(consumer.name));
      try {
        const [row] = await db.insert(vendorFeeds).values(input).returning();
        return {
          message: FeedMessages.created,
          feed: {
            id: row!.id,
            providerVendorId: row!.providerVendorId,
            consumerVendorId: row!.consumerVendorId,
            feedType: row!.feedType,
            status: row!.status as FeedStatus,
            since: row!.since,
          },
        };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(FeedMessages.duplicate);
        throw err;
      }
    },

    async remove(id: number): Promise<{ message: string }> {
      const [row] = await db
        .delete(vendorFeeds)
        .where(eq(vendorFeeds.id, id))
        .returning({ id: vendorFeeds.id });
      if (!row) throw new NotFoundError(FeedMessages.notFound);
      return { message: FeedMessages.deleted };
    },
  };
}
