import type { DocumentType, Metadata, Profile, QueueItem, QueueSummary, Website } from '@vp/contract';
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
export interface Answer {
  status?: number;
  body: unknown;
  /** Uploads only: the shares of the body reported sent (0 to 1) before the answer. */
  progress?: number[];
  /** Uploads only: the answer waits for this, so a test can look at the upload in flight. */
  until?: Promise<unknown>;
}

export type Route = (
  method: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
) => Answer | undefined;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A multipart body as the route sees it: fields as text, files as {name, size, type}. */
function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  form.forEach((value, key) => {
    out[key] = typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
  });
  return out;
}

/** XMLHttpRequest (used for uploads, for their progress) answered by the same fake API. */
function fakeXhr(route: Route, calls: Call[], headers: Record<string, string>[]) {
  return class FakeXhr {
    readonly upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private path = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '');
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const sent = body instanceof FormData ? formFields(body) : body;
      calls.push({ method: this.method, path: this.path, body: sent });
      headers.push(this.headers);
      const answer = route(this.method, this.path, sent) ?? {
        status: 404,
        body: { code: 404, message: 'Not found' },
      };
      void (async () => {
        await Promise.resolve();
        for (const p of answer.progress ?? [])
          this.upload.onprogress?.({ lengthComputable: true, loaded: p * 100, total: 100 });
        if (answer.until) await answer.until;
        if (this.aborted) return;
        this.status = answer.status ?? 200;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function serveApi(route: Route) {
  const calls: Call[] = [];
  /** The headers of each call, by the call's index. */
  const headers: Record<string, string>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const sent = init?.body;
    const body = sent instanceof Blob ? sent : sent ? (JSON.parse(String(sent)) as unknown) : undefined;
    calls.push({ method, path, body });
    const sentHeaders = (init?.headers ?? {}) as Record<string, string>;
    headers.push(sentHeaders);
    const answer = route(method, path, body, sentHeaders);
    if (!answer) return json({ code: 404, message: 'Not found' }, 404);
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(route, calls, headers));
  return { fetchMock, calls, headers };
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
  missingDocTypes: [],
  missingSiteDocs: 0,
  sitesWithFindings: 0,
  missingContactTypes: [],
  reciprocalAllowed,
  permissionAudit: false,
  isConsumer: true,
  isProvider: false,
});

/** The Site Access Form's document type, as /documenttypes answers it. */
export const safDocumentType: DocumentType = {
  id: 1,
  type: 'SAF',
  name: 'saf',
  scope: 'website',
  signatureRequired: true,
  requiredForVendor: false,
  requiredForSites: true,
  requiredForProducts: [],
  requiredVendorTypes: [],
};

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
      status: 'Active',
    },
    dba: '',
    products: [1],
    // Past Pending Activation, a site was Active at some point (as the server's data is).
    activated: (overrides.status ?? 'Pending Activation') !== 'Pending Activation',
    version: 1,
    ...overrides,
  };
}

/** An item of the MLS staff's approval queue: by default a site waiting for activation, ready. */
export function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    key: `activation:${overrides.siteId ?? 7}`,
    kind: 'activation',
    siteId: 7,
    domainName: 'summit-homes.example.com',
    status: 'Pending Activation',
    version: 3,
    vendor: { id: 1, name: 'Summit Web Solutions', code: 'SWS' },
    agent: { memberNumber: 'M100', name: 'Alice Agent', mlsStatus: 'Active' },
    since: '2026-11-18T15:00:00.000Z',
    ageBusinessDays: 2,
    requestId: null,
    licenceId: null,
    finding: null,
    requested: '',
    reason: '',
    startDate: null,
    termDate: null,
    saf: { state: 'signed', signed: 2, total: 2, paper: false },
    documents: [],
    blockers: [],
    ...overrides,
  };
}

/** The demo vendor user's profile, as GET /profile answers it. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    username: 'demo',
    role: 'vendor',
    rolename: 'Vendor',
    email: 'demo@summitweb.example',
    firstName: 'Dana',
    lastName: 'Whitfield',
    vendor: 1,
    acceptedTOS: true,
    active: true,
    avatar: null,
    pendingEmail: null,
    theme: 'system',
    ...overrides,
  };
}

export function queueSummary(overrides: Partial<QueueSummary> = {}): QueueSummary {
  return {
    waiting: 4,
    scheduled: 0,
    oldestSince: '2026-11-16T15:00:00.000Z',
    oldestBusinessDays: 4,
    medianDecisionHours: 5.5,
    decisions30Days: 12,
    ...overrides,
  };
}
