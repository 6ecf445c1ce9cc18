import type { TicketBody } from '@vp/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

export function useSendTicket() {
  return useMutation({
    mutationFn: (body: TicketBody) => http.post<{ id: number; message: string }>('/ticket', body),
  });
}
