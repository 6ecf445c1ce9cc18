import type { Metadata, Website } from '@vp/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

/** Test helpers: a fake API behind `fetch` and a fresh query cache per render. */

// The modal and its tabs load lazily; on a busy shared runner that can take several seconds.
configure({ asyncUtilTimeout: 10_000 });

// Each render's query cache is emptied after its test: no query, retry or garbage-collection timer
// of one test outlives it.
const clients = new Set<QueryClient>();
afterEach(() => {
  for (const client of clients) client.clear();
  clients.clear();
});
export type Route = (
  method: string,
  path: string,
  body: unknown,
) => { status?: number; body: unknown } | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function serveApi(route: Route) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path, body });
    const answer = route(method, path, body);
    if (!answer) return json({ code: 404, message: 'Not found' }, 404);
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  clients.add(client);
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export const metadata = (reciprocalAllowed = false): Metadata => ({
  totalSites: 4,
  sitesActive: 1,
  sitesInactive: 1,
  sitesPendingActivation: 1,
  sitesPendingTermination: 1,
  subAccounts: 0,
  vendorCode: 'SWS',
  vendorType: 'IDX',
  vendorName: 'Summit Web Solutions',
  technicalContact: '',
  billingContact: '',
  feedType: '',
  missingDocs: 0,
  missingSiteDocs: 0,
  reciprocalAllowed,
  permissionAudit: false,
  isConsumer: true,
  isProvider: false,
});

export const products = [
  { id: 1, name: 'IDX' },
  { id: 2, name: 'IDX with Teams' },
];

export function website(overrides: Partial<Website> = {}): Website {
  return {
    rowKey: 7,
    domainName: 'summit-homes.example.com',
    firstName: 'Alice',
    lastName: 'Agent',
    mlsStatus: 'Active',
    memberNumber: 'M100',
    licenseNumber: 'L-100',
    mlsId: 'K100',
    office: 'Summit Realty',
    startDate: '2026-01-15',
    termDate: null,
    licensee: 'Alice Agent',
    status: 'Pending Activation',
    reciprocal: false,
    memberAOR: null,
    broker: {
      firstName: 'Bob',
      lastName: 'Broker',
      licenseNumber: 'B-1',
      office: 'Summit Realty',
      memberNumber: 'M001',
      mlsId: 'K001',
    },
    dba: '',
    products: [1],
    // Past Pending Activation, a site was Active at some point (as the server's data is).
    activated: (overrides.status ?? 'Pending Activation') !== 'Pending Activation',
    ...overrides,
  };
}
