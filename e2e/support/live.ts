import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Resolves once the page's live channel has been answered 'Subscribed Successfully' (the client
 * waits about 2 s after the page has a token and a vendor before it connects). Call before the
 * page navigates; each call waits for the next subscription.
 */
export function liveSubscribed(page: Page, timeoutMs = 20_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the live channel did not subscribe')), timeoutMs);
    const onSocket = (ws: import('@playwright/test').WebSocket) => {
      if (!ws.url().endsWith('/api/websocket')) return;
      ws.on('framereceived', ({ payload }) => {
        if (payload !== 'Subscribed Successfully') return;
        clearTimeout(timer);
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
}

export interface SiteRecord {
  rowKey: number;
  version: number;
  domainName: string;
  memberNumber: string;
  reciprocal: boolean;
  status: string;
  startDate: string | null;
  termDate: string | null;
  dba: string;
  products: number[];
}

export async function apiCall<T>(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

/** Saves a website through the API with `changes`, from its current version. */
export async function saveSite(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  id: number,
  changes: Partial<SiteRecord>,
): Promise<SiteRecord> {
  const site = await apiCall<SiteRecord>(request, baseUrl, token, 'GET', `/portal/websites/${id}`);
  return apiCall<SiteRecord>(request, baseUrl, token, 'PUT', '/portal/websites', { ...site, ...changes });
}

/** A new Pending Activation site of the demo vendor, for the agent of one of its Active sites. */
export async function newSite(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  label: string,
): Promise<{ id: number; domainName: string }> {
  const { items } = await apiCall<{ items: (SiteRecord & { mlsStatus: string })[] }>(
    request,
    baseUrl,
    token,
    'GET',
    '/portal/websites?pageSize=100&status=Active',
  );
  const agent = items.find((s) => /^\d+$/.test(s.memberNumber) && s.mlsStatus === 'Active')!;
  const domainName = `${label}-${Date.now().toString(36)}.example.com`;
  const { id } = await apiCall<{ id: number }>(request, baseUrl, token, 'POST', '/portal/websites', {
    domainName,
    memberNumber: agent.memberNumber,
    products: [1],
  });
  return { id, domainName };
}
