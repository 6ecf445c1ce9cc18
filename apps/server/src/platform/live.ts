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

/** Events travel on the bus, so one published on any instance reaches the sockets of all. */
export function createLiveHub(bus: EventBus): LiveHub {
  return {
    async publish(target, event) {
      await bus.publish('live.event', { target, event });
    },
  };
}
