import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';
import { getToken, onSessionReset } from './session.ts';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Every query reads the session's data. Once the session ends, the screens still mounted on
      // the way to the login page must not ask again; a query that sets `enabled` itself still
      // meets the same refusal in the http client.
      enabled: () => getToken() !== null,
    },
    mutations: { retry: false },
  },
});

// Another user may log in next in this tab; nothing of the previous account may linger, and no
// call of the old session may still land in the cache.
onSessionReset(() => {
  void queryClient.cancelQueries();
  queryClient.clear();
});
