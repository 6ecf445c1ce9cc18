import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery } from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayDateTime } from '../../../lib/date-time.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Call, type Route } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { REFRESH_WHILE_PENDING_MS } from '../api.ts';
import { delivery, deliveryDetail, endpoint } from '../test-fixtures.ts';
import { DELIVERY_STATE_LABELS, RETRYING_LABEL, WebhookTexts as T } from '../texts.ts';
import WebhookDeliveriesPage from './webhook-deliveries-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const failed = delivery({
  id: 42,
  eventId: 'evt_01J2ZQ9XYZ',
  eventType: 'saf.signed',
  createdAt: '2026-06-10T10:00:00.000Z',
  state: 'failed',
  attempts: 8,
  responseStatus: null,
  responseMs: null,
  error: 'Connection timed out after 10000 ms.',
});
const retrying = delivery({
  id: 43,
  eventId: 'evt_01J2ZQAAAA',
  eventType: 'website.created',
  createdAt: '2026-06-10T11:00:00.000Z',
  state: 'pending',
  attempts: 2,
  responseStatus: 502,
  responseMs: 48,
  nextAttemptAt: '2026-06-10T11:10:00.000Z',
  error: 'The receiver answered HTTP 502.',
});

const deliveriesPath = (path: string) => path.startsWith('/webhooks/5/deliveries?');
const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1]));

function serve(items: WebhookDelivery[] = [delivery(), failed], extra: Route = () => undefined) {
  return serveApi((method, path, body) => {
    const own = extra(method, path, body);
    if (own) return own;
    if (method === 'GET' && path === '/webhooks') return { body: { items: [endpoint()] } };
    if (method === 'GET' && deliveriesPath(path)) {
      const state = queryOf(path).state;
      const shown = state ? items.filter((d) => d.state === state) : items;
      return { body: { items: shown, total: shown.length + 40 } };
    }
    if (method === 'GET' && path === '/webhooks/5/deliveries/41') return { body: deliveryDetail() };
    if (method === 'GET' && path === '/webhooks/5/deliveries/42')
      return { body: deliveryDetail({ ...failed, responseBody: null }) };
    return undefined;
  });
}

function renderAt(url = '/tools/webhooks/5') {
  const router = createMemoryRouter(
    [
      { path: '/tools/webhooks/:id', element: <WebhookDeliveriesPage /> },
      { path: '/tools/webhooks', element: <p>The list</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && deliveriesPath(c.path));
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const rowOf = (eventId: string) => screen.getByText(eventId).closest<HTMLElement>('tr')!;

describe('Webhook delivery log', () => {
  it('lists the endpoint’s deliveries with their state, attempts and answers', async () => {
    const { calls } = serve();
    renderAt();
    expect(await screen.findByTestId('log-endpoint')).toBeTruthy();
    expect(screen.getByTestId('log-endpoint').textContent).toBe(endpoint().url);
    await screen.findByText('evt_01J2ZQ8K4N');
    expect(cells(rowOf('evt_01J2ZQ8K4N'))).toEqual([
      'website.activated',
      'evt_01J2ZQ8K4N',
      displayDateTime('2026-06-10T09:29:58.000Z'),
      DELIVERY_STATE_LABELS.delivered,
      '1',
      T.httpStatus(200),
      '183',
      '—',
    ]);
    expect(cells(rowOf('evt_01J2ZQ9XYZ'))).toEqual([
      'saf.signed',
      'evt_01J2ZQ9XYZ',
      displayDateTime('2026-06-10T10:00:00.000Z'),
      DELIVERY_STATE_LABELS.failed,
      '8',
      T.noAnswer,
      '—',
      '—',
    ]);
    expect(queryOf(listCalls(calls)[0]!.path)).toEqual({ page: '1', size: '20' });
    expect(screen.getByText(T.deliveryCount(42))).toBeTruthy();
  });

  it('shows a delivery that failed and waits for another try as Retrying, in a warning tone', async () => {
    const first = delivery({ id: 45, eventId: 'evt_01J2ZQBBBB', state: 'pending', attempts: 0 });
    serve([retrying, first]);
    renderAt();
    await screen.findByText('evt_01J2ZQAAAA');
    const state = within(rowOf('evt_01J2ZQAAAA')).getByTestId('delivery-state');
    expect(state.textContent).toBe(RETRYING_LABEL);
    expect(state.getAttribute('data-tone')).toBe('warning');
    // Not yet tried: Pending.
    expect(within(rowOf('evt_01J2ZQBBBB')).getByTestId('delivery-state').textContent).toBe(
      DELIVERY_STATE_LABELS.pending,
    );
  });

  it('filters by state and pages through the address', async () => {
    const { calls } = serve();
    const router = renderAt();
    await screen.findByText('evt_01J2ZQ8K4N');
    const filter = screen.getByRole('combobox', { name: T.stateFilter });
    fireEvent.mouseDown(filter);
    fireEvent.click(await screen.findByTitle(DELIVERY_STATE_LABELS.failed));
    await waitFor(() => expect(screen.queryByText('evt_01J2ZQ8K4N')).toBeNull());
    expect(screen.getByText('evt_01J2ZQ9XYZ')).toBeTruthy();
    expect(router.state.location.search).toBe('?state=failed');
    expect(queryOf(listCalls(calls).at(-1)!.path)).toEqual({ page: '1', size: '20', state: 'failed' });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=failed&page=2'));
    await waitFor(() =>
      expect(queryOf(listCalls(calls).at(-1)!.path)).toEqual({ page: '2', size: '20', state: 'failed' }),
    );
  });

  it('says when no delivery has the state chosen, and offers them all', async () => {
    serve([delivery()]);
    const router = renderAt('/tools/webhooks/5?state=pending');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText(T.logEmptyFiltered(DELIVERY_STATE_LABELS.pending))).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: T.showAll }));
    expect(await screen.findByText('evt_01J2ZQ8K4N')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens a delivery with its payload and answer, and delivers it again', async () => {
    const { calls } = serve(undefined, (method, path) =>
      method === 'POST' && path === '/webhooks/5/deliveries/41/redeliver'
        ? { body: delivery({ id: 44, state: 'pending', attempts: 0 }) }
        : undefined,
    );
    const router = renderAt();
    await screen.findByText('evt_01J2ZQ8K4N');
    const row = rowOf('evt_01J2ZQ8K4N');
    expect(row.getAttribute('aria-label')).toBe(T.openDelivery('website.activated', 'evt_01J2ZQ8K4N'));
    // By keyboard: the row is a Tab stop and Enter opens it.
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    const drawer = await screen.findByTestId('delivery-drawer');
    expect(router.state.location.search).toBe('?delivery=41');

    const payload = await within(drawer).findByRole('region', { name: T.payloadRegion });
    expect(payload.textContent).toBe(JSON.stringify(JSON.parse(deliveryDetail().payload), null, 2));
    expect(payload.textContent).toContain('\n  "type": "website.activated",');
    expect(payload.getAttribute('tabindex')).toBe('0');
    expect(within(drawer).getByTestId('delivery-answer').textContent).toBe(`${T.httpStatus(200)}183 ms`);
    expect(within(drawer).getByRole('region', { name: T.answerBody }).textContent).toBe(
      JSON.stringify({ ok: true }, null, 2),
    );

    fireEvent.click(within(drawer).getByRole('button', { name: T.redeliver }));
    expect(await screen.findByText(T.redelivered)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/webhooks/5/deliveries/41/redeliver',
    ]);
  });

  it('shows why a delivery failed', async () => {
    serve();
    renderAt('/tools/webhooks/5?delivery=42');
    const drawer = await screen.findByTestId('delivery-drawer');
    expect(await within(drawer).findByText('Connection timed out after 10000 ms.')).toBeTruthy();
    expect(within(drawer).getByTestId('delivery-answer').textContent).toBe(T.noAnswer);
  });

  it('sends a test event from the log, and follows it while it is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items = [delivery()];
    const { calls } = serve(undefined, (method, path) => {
      if (method === 'POST' && path === '/webhooks/5/test') {
        const queued = delivery({ id: 50, eventId: 'evt_test', eventType: 'webhook.test', state: 'pending' });
        items = [queued, delivery()];
        return { body: queued };
      }
      if (method === 'GET' && deliveriesPath(path)) return { body: { items, total: items.length } };
      return undefined;
    });
    renderAt();
    await screen.findByText('evt_01J2ZQ8K4N');
    fireEvent.click(screen.getByRole('button', { name: T.sendTest }));
    expect(await screen.findByText(T.testSent)).toBeTruthy();
    // The list is read again at once, showing the test event on its way.
    expect(await screen.findByText('evt_test')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/webhooks/5/test']);

    const before = listCalls(calls).length;
    items = [delivery({ id: 50, eventId: 'evt_test', eventType: 'webhook.test' }), delivery()];
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_WHILE_PENDING_MS));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    await waitFor(() =>
      expect(within(rowOf('evt_test')).getByTestId('delivery-state').textContent).toBe('Delivered'),
    );
    // Nothing is pending any more: the log is not read again.
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_WHILE_PENDING_MS * 2));
    expect(listCalls(calls).length).toBe(before + 1);
  });

  it('shows the read-only role the log without Send a test event or Redeliver', async () => {
    setAccount(['viewer'], true);
    serve();
    renderAt('/tools/webhooks/5?delivery=41');
    const drawer = await screen.findByTestId('delivery-drawer');
    await within(drawer).findByRole('region', { name: T.payloadRegion });
    expect(within(drawer).queryByRole('button', { name: T.redeliver })).toBeNull();
    expect(screen.queryByRole('button', { name: T.sendTest })).toBeNull();
  });

  it('says so when the endpoint no longer exists', async () => {
    serveApi((method, path) => (path === '/webhooks' ? { body: { items: [] } } : undefined));
    renderAt('/tools/webhooks/5');
    expect(await screen.findByText(T.gone)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.backToList })).toBeTruthy();
  });

  it('on a phone, shows each delivery as a card', async () => {
    stubMedia(PHONE);
    serve([retrying, failed]);
    renderAt();
    const cards = await screen.findAllByTestId('delivery-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('columnheader')).toBeNull();
    expect(within(cards[0]!).getByText('website.created')).toBeTruthy();
    // It failed and waits for another try: Retrying, not a grey Pending.
    expect(within(cards[0]!).getByTestId('delivery-state').textContent).toBe(RETRYING_LABEL);
    expect(within(cards[0]!).getByText(T.httpStatus(502))).toBeTruthy();
    expect(
      within(cards[0]!).getByText(`${T.deliveryColumns.next}: ${displayDateTime(retrying.nextAttemptAt)}`),
    ).toBeTruthy();
  });
});
