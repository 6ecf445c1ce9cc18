import type { Profile } from '@vp/contract';
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
