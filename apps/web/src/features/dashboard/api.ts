import type { Metadata } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiPaths } from '../../lib/api-paths.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useMetadata() {
  return useQuery({
    queryKey: queryKeys.dashboard.metadata,
    queryFn: () => http.get<Metadata>(ApiPaths.metadata),
  });
}
