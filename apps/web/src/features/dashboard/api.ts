import type { Metadata } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export const dashboardKeys = {
  metadata: ['portal', 'metadata'] as const,
};

export function useMetadata() {
  return useQuery({
    queryKey: dashboardKeys.metadata,
    queryFn: () => http.get<Metadata>('/portal/metadata'),
  });
}
