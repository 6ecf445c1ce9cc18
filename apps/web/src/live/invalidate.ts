import type { LiveEvent } from '@vp/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
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
