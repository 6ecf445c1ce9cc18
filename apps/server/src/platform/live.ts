import type { LiveEvent } from '@vp/contract';
import type { EventBus } from './events.ts';

/**
 * Who hears a live event: the sockets subscribed to one vendor, optionally narrowed to some users
 * (a notification is its recipient's) or to MLS staff (an internal note never reaches a vendor).
 */
export interface LiveTarget {
  vendorId: number;
  userIds?: number[];
  staffOnly?: boolean;
}

/** Publishes live events; the socket server (on every instance) delivers them. */
export interface LiveHub {
  publish(target: LiveTarget, event: LiveEvent): Promise<void>;
}

/**
 * Users named per message at most: a PostgreSQL NOTIFY payload must stay under 8,000 bytes, so a
 * long list of recipients travels as several messages (ids up to ten digits: under 4 KB each).
 */
export const LIVE_USERS_PER_MESSAGE = 300;

/** Events travel on the bus, so one published on any instance reaches the sockets of all. */
export function createLiveHub(bus: EventBus): LiveHub {
  return {
    async publish(target, event) {
      const { userIds } = target;
      if (!userIds) return bus.publish('live.event', { target, event });
      for (let i = 0; i < userIds.length; i += LIVE_USERS_PER_MESSAGE)
        await bus.publish('live.event', {
          target: { ...target, userIds: userIds.slice(i, i + LIVE_USERS_PER_MESSAGE) },
          event,
        });
    },
  };
}
