import { hasFeeds, type Metadata, type Profile } from '@vp/contract';
import { ApiPaths } from '../lib/api-paths.ts';
import { http } from '../lib/http.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { fetchProfile, profileQuery } from '../features/profile/index.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * The guard's profile check, into the query cache the signed-in pages read. The guard reacts to a
 * failed profile itself, so the session dialog stays out of the way.
 */
export function fetchAccount(): Promise<Profile> {
  return queryClient.fetchQuery({
    ...profileQuery,
    queryFn: () => fetchProfile({ session: false }),
    staleTime: 0,
  });
}

/**
 * Whether the vendor in scope provides or consumes a data feed, from its metadata (read into the
 * cache the dashboard and the menu share). Asked by the guard before the data-feed screen opens.
 */
export async function fetchHasFeeds(): Promise<boolean> {
  const metadata = await queryClient.fetchQuery({
    queryKey: queryKeys.dashboard.metadata,
    queryFn: () => http.get<Metadata>(ApiPaths.metadata),
  });
  return hasFeeds(metadata);
}
