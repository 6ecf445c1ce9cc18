import type { LiveEvent } from '@vp/contract';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys.ts';

/** What every event may have changed: the sites, the vendor's figures and the notifications. */
const ALWAYS: readonly QueryKey[] = [
  queryKeys.websites.all,
  queryKeys.dashboard.metadata,
  queryKeys.notifications.all,
];

/** The query keys an event makes stale (spec §4: sites, metadata, dashboard, notifications). */
export function keysFor(event: LiveEvent): QueryKey[] {
  const keys: QueryKey[] = [...ALWAYS];
  const site = event.siteId;
  if (event.type === 'comment')
    keys.push(site === null ? queryKeys.comments.vendor : queryKeys.comments.site(site));
  // A file's list, and its signing status, wherever it is shown.
  if (event.type === 'document') keys.push(queryKeys.documents.all);
  if (event.type === 'contact') keys.push(queryKeys.contacts.all);
  if (event.type === 'website' && site !== null)
    keys.push(queryKeys.teams.site(site), queryKeys.history.site(site));
  // What waits on the MLS moves with sites, their files and the requests staff are told of.
  if (QUEUE_EVENTS.has(event.type)) keys.push(queryKeys.approvals.all);
  return keys;
}

const QUEUE_EVENTS: ReadonlySet<LiveEvent['type']> = new Set(['website', 'document', 'notification']);

/** After a lost connection, everything the channel would have said may have changed. */
export const CATCH_UP_KEYS: readonly QueryKey[] = [
  ...ALWAYS,
  queryKeys.comments.all,
  queryKeys.documents.all,
  queryKeys.teams.all,
  queryKeys.history.all,
  queryKeys.approvals.all,
  queryKeys.contacts.all,
];

export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** The keys left once those already covered by a shorter key of the list (its prefix) are dropped. */
export function coveringKeys(keys: readonly QueryKey[]): QueryKey[] {
  const unique = [...new Map(keys.map((key) => [hashKey(key), key])).values()];
  return unique.filter(
    (key) =>
      !unique.some(
        (other) => other.length < key.length && hashKey(key.slice(0, other.length)) === hashKey(other),
      ),
  );
}

/** A burst's events are gathered until the channel has been quiet this long… */
export const BURST_QUIET_MS = 200;
/** …or, in a long burst, for this long at most. */
export const BURST_MAX_WAIT_MS = 1000;

export interface Invalidator {
  /** Marks keys stale at the end of the current burst. */
  add(keys: readonly QueryKey[]): void;
  /** Drops what is gathered (the channel is going away). */
  stop(): void;
}

/**
 * Invalidates once per key per burst: a job that ends fifteen sites sends fifteen events, and the
 * list, the figures and the notifications are each asked for once, not fifteen times. Invalidating
 * refetches only the queries on screen; the others are marked stale and load when next shown.
 */
export function createInvalidator(client: QueryClient): Invalidator {
  let pending: QueryKey[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let longest: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(quiet);
    clearTimeout(longest);
    quiet = longest = undefined;
  };
  const flush = () => {
    clear();
    const keys = coveringKeys(pending);
    pending = [];
    void invalidateKeys(client, keys);
  };
  return {
    add(keys) {
      pending.push(...keys);
      clearTimeout(quiet);
      quiet = setTimeout(flush, BURST_QUIET_MS);
      longest ??= setTimeout(flush, BURST_MAX_WAIT_MS);
    },
    stop() {
      clear();
      pending = [];
    },
  };
}
