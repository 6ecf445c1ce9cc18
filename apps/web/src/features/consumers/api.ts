import type { ConsumersResponse } from '@vp/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The vendor's data feeds: the consumers it provides to, the providers it consumes from. */
export function useConsumers() {
  return useQuery({
    queryKey: queryKeys.consumers.all,
    queryFn: () => http.get<ConsumersResponse>('/portal/consumers'),
  });
}
