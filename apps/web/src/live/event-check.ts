import { liveEventSchema, type LiveEvent } from '@vp/contract';

/** A live message read as an event, or null when it is not one (loaded with the first message). */
export function readLiveEvent(value: unknown): LiveEvent | null {
  const event = liveEventSchema.safeParse(value);
  return event.success ? event.data : null;
}
