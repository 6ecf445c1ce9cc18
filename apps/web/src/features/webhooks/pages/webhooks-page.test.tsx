import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_EVENT_GROUPS, WebhookMessages as M, type WebhookEndpoint } from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayDateTime } from '../../../lib/date-time.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { endpoint } from '../test-fixtures.ts';
import { WebhookTexts as T } from '../texts.ts';
import WebhooksPage from './webhooks-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const failing = endpoint({
  id: 6,
  url: 'https://crm.summitweb.example/events',
  description: '',
  eventTypes: WEBHOOK_EVENT_GROUPS.flatMap((g) => g.types),
  failingSince: '2026-06-09T08:00:00.000Z',
  lastDeliveryAt: '2026-06-10T09:31:00.000Z',
  lastDeliveryStatus: 503,
});
const off = endpoint({
  id: 7,
  url: 'https://old.summitweb.example/hook',
  description: '',
  eventTypes: ['comment.created'],
  enabled: false,
  disabledReason: 'Deliveries failed for 3 days.',
  lastDeliveryAt: null,
  lastDeliveryStatus: null,
});

function serve(list: WebhookEndpoint[] = [endpoint(), failing, off], extra: Route = () => undefined) {
  return serveApi((method, path, body) => {
    const own = extra(method, path, body);
    if (own) return own;
    if (method === 'GET' && path === '/webhooks') return { body: { items: list } };
    return undefined;
  });
}

function renderAt(url = '/tools/webhooks') {
  const router = createMemoryRouter(
    [
      { path: '/tools/webhooks', element: <WebhooksPage /> },
      { path: '/tools/webhooks/:id', element: <p>Delivery log page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const row = (url: string) => screen.getByText(url).closest<HTMLElement>('tr')!;
const action = (name: string, url: string) => screen.getByRole('button', { name: T.actionOn(name, url) });
const moreButton = (url: string) => action(T.moreActions, url);
/** Opens an endpoint's More menu, which takes the focus (so the arrow keys move in it). */
async function openMenu(url: string): Promise<HTMLElement> {
  const more = moreButton(url);
  fireEvent.click(more);
  const menu = await waitFor(() => {
    const found = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(found?.getAttribute('role')).toBe('menu');
    return found!;
  });
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  return menu;
}
/** Chooses one of an endpoint's rarer actions from its More menu. */
async function menuAction(name: string, url: string) {
  const menu = await openMenu(url);
  fireEvent.click(within(menu).getByRole('menuitem', { name }));
}
function confirmDialog(title: string): HTMLElement | null {
  const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === title,
  );
  return found?.closest<HTMLElement>('.ant-modal-confirm') ?? null;
}

const drawer = () => screen.getByTestId('webhook-drawer');
const dialog = () => screen.getByRole('dialog');

async function openAdd() {
  await screen.findByTestId('webhooks-table');
  fireEvent.click(screen.getByRole('button', { name: T.add }));
  await screen.findByTestId('webhook-drawer');
}

function typeUrl(value: string) {
  fireEvent.change(within(drawer()).getByLabelText(T.fields.url), { target: { value } });
}

async function expectError(label: string, message: string) {
  const field = within(drawer()).getByLabelText(label);
  const item = field.closest('.ant-form-item')!;
  await waitFor(() =>
    expect(item.querySelector('.ant-form-item-explain-error')?.textContent ?? '').toBe(message),
  );
}

const submit = async (name: string) => {
  const button = within(drawer()).getByRole('button', { name }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

describe('Webhooks page', () => {
  it('lists each endpoint with its events, its state and its last delivery', async () => {
    serve();
    renderAt();
    await screen.findByTestId('webhooks-table');

    const first = row(endpoint().url);
    expect(within(first).getByText('Listing sync')).toBeTruthy();
    const events = within(first).getByTestId('endpoint-events');
    expect(within(events).getByText('website.created')).toBeTruthy();
    expect(within(events).getByText(T.moreEvents(1))).toBeTruthy();
    expect(within(first).getByTestId('endpoint-state').textContent).toBe(T.enabled);
    expect(within(first).getByTestId('endpoint-last-delivery').textContent).toBe(
      `${displayDateTime('2026-06-10T09:30:00.000Z')}${T.httpStatus(200)}`,
    );

    const second = row(failing.url);
    expect(within(second).getByTestId('endpoint-events').textContent).toBe(T.allEvents);
    expect(within(second).getByTestId('endpoint-state').textContent).toBe(
      T.failingSince(displayDateTime(failing.failingSince)),
    );
    expect(within(second).getByText(T.httpStatus(503))).toBeTruthy();

    const third = row(off.url);
    expect(within(third).getByTestId('endpoint-state').textContent).toBe(T.disabled);
    expect(within(third).getByTestId('endpoint-disabled-reason').textContent).toBe(
      'Deliveries failed for 3 days.',
    );
    expect(within(third).getByText(T.noDelivery)).toBeTruthy();
  });

  it('keeps every action in sight at a desktop’s width: Delivery log, Edit, and More for the rarer ones', async () => {
    serve();
    renderAt();
    const table = await screen.findByTestId('webhooks-table');
    // Laid out at the card's width (the address wrapping), not at its content's.
    expect(table.querySelector('table')!.style.width).not.toBe('max-content');
    // The events keep to a column of their own width.
    expect([...table.querySelectorAll('col')].some((c) => c.style.width === '240px')).toBe(true);
    const first = within(row(endpoint().url));
    const controls = within(first.getByTestId('endpoint-actions'));
    expect(controls.getByRole('link', { name: T.actionOn(T.deliveries, endpoint().url) }).textContent).toBe(
      T.deliveries,
    );
    expect(controls.getByRole('button', { name: T.actionOn(T.edit, endpoint().url) }).textContent).toBe(
      T.edit,
    );
    const more = controls.getByRole('button', { name: T.actionOn(T.moreActions, endpoint().url) });
    expect(more.textContent).toBe(T.more);
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // The rarer actions are in the menu, not in the row.
    expect(controls.getAllByRole('button')).toHaveLength(2);
    const menu = await openMenu(endpoint().url);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([T.disable, T.rotate, T.sendTest, T.delete]);
    fireEvent.keyDown(menu, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
    // A disabled endpoint's menu offers Enable.
    const offMenu = await openMenu(off.url);
    expect(within(offMenu).getByRole('menuitem', { name: T.enable })).toBeTruthy();
  });

  it('opens the rest of an endpoint’s events from "+N more", and folds them again', async () => {
    setAccount(['viewer'], true);
    serve();
    renderAt();
    await screen.findByTestId('webhooks-table');
    const events = within(row(endpoint().url)).getByTestId('endpoint-events');
    expect(within(events).queryByText('saf.signed')).toBeNull();
    const more = within(events).getByRole('button', { name: T.moreEvents(1) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(events).getByText('saf.signed')).toBeTruthy();
    const fewer = within(events).getByRole('button', { name: T.fewerEvents });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(within(events).queryByText('saf.signed')).toBeNull();
  });

  it('opens an endpoint’s delivery log', async () => {
    serve();
    const router = renderAt();
    await screen.findByTestId('webhooks-table');
    fireEvent.click(screen.getByRole('link', { name: T.actionOn(T.deliveries, failing.url) }));
    expect(await screen.findByText('Delivery log page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tools/webhooks/6');
  });

  it('offers to add the first endpoint when there are none', async () => {
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText(T.empty, { exact: false })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: T.add }));
    expect(await screen.findByTestId('webhook-drawer')).toBeTruthy();
  });

  it('shows a failed load with a Retry', async () => {
    serveApi((method, path) =>
      path === '/webhooks' ? { status: 400, body: { code: 400, message: 'Bad request.' } } : undefined,
    );
    renderAt();
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('checks the address and the events with the contract’s rules before sending anything', async () => {
    const { calls } = serve();
    renderAt();
    await openAdd();
    // The drawer opens on its first field.
    await waitFor(() => expect(document.activeElement).toBe(within(drawer()).getByLabelText(T.fields.url)));

    fireEvent.change(within(drawer()).getByLabelText(T.fields.description), { target: { value: 'CRM' } });
    await submit(T.create);
    await expectError(T.fields.url, M.urlRequired);
    expect(within(drawer()).getByText(M.eventsRequired)).toBeTruthy();

    typeUrl('http://hooks.summitweb.example/portal');
    await expectError(T.fields.url, M.urlInvalid);
    typeUrl('https://user:pw@hooks.summitweb.example/portal');
    await expectError(T.fields.url, M.urlCredentials);
    typeUrl('https://hooks.summitweb.example/portal');
    await waitFor(() =>
      expect(
        within(drawer()).queryByText(M.urlInvalid) ?? within(drawer()).queryByText(M.urlCredentials),
      ).toBeNull(),
    );
    await submit(T.create);
    expect(await within(drawer()).findByText(M.eventsRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds an endpoint with what was chosen, then shows its secret once', async () => {
    const made = endpoint({ id: 9, url: 'https://hooks.summitweb.example/new', description: 'CRM' });
    const { calls } = serve([endpoint()], (method, path) =>
      method === 'POST' && path === '/webhooks'
        ? { status: 201, body: { endpoint: made, secret: SECRET } }
        : undefined,
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderAt();
    await openAdd();
    typeUrl('  https://hooks.summitweb.example/new ');
    fireEvent.change(within(drawer()).getByLabelText(T.fields.description), { target: { value: 'CRM' } });
    // A whole group at once, and one event of another.
    fireEvent.click(within(drawer()).getByLabelText(T.selectAllOf('Requests')));
    fireEvent.click(within(drawer()).getByLabelText('saf.signed'));
    const websites = within(drawer()).getByLabelText(T.selectAllOf('Websites')) as HTMLInputElement;
    fireEvent.click(within(drawer()).getByLabelText('website.activated'));
    await waitFor(() =>
      expect(websites.closest('.ant-checkbox')!.classList.contains('ant-checkbox-indeterminate')).toBe(true),
    );
    await submit(T.create);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://hooks.summitweb.example/new',
      description: 'CRM',
      eventTypes: [
        'website.activated',
        'request.created',
        'request.approved',
        'request.declined',
        'request.withdrawn',
        'saf.signed',
      ],
    });

    // The secret, this once: shown, copied, and gone once the dialog is closed.
    const secret = (await screen.findByTestId('webhook-secret')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(within(dialog()).getByText(T.secretOnce)).toBeTruthy();
    expect(within(dialog()).getAllByText('webhook-signature').length).toBeGreaterThan(0);
    expect(within(dialog()).getByText('id.timestamp.body')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(secret));
    fireEvent.click(within(dialog()).getByRole('button', { name: T.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(screen.queryByTestId('webhook-drawer')).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows a refusal about the address on the field', async () => {
    serve([endpoint()], (method, path) =>
      method === 'POST' && path === '/webhooks'
        ? { status: 400, body: { code: 400, message: M.urlNotPublic } }
        : undefined,
    );
    renderAt();
    await openAdd();
    typeUrl('https://10.0.0.8/hook');
    fireEvent.click(within(drawer()).getByLabelText(T.selectAllOf('Compliance')));
    await submit(T.create);
    await expectError(T.fields.url, M.urlNotPublic);
  });

  it('edits an endpoint, sending only what changed', async () => {
    const { calls } = serve([endpoint()], (method, path, body) =>
      method === 'PATCH' && path === '/webhooks/5'
        ? { body: endpoint({ ...(body as Partial<WebhookEndpoint>) }) }
        : undefined,
    );
    renderAt();
    await screen.findByTestId('webhooks-table');
    fireEvent.click(action(T.edit, endpoint().url));
    await screen.findByTestId('webhook-drawer');
    expect((within(drawer()).getByLabelText(T.fields.url) as HTMLInputElement).value).toBe(endpoint().url);
    expect((within(drawer()).getByLabelText('saf.signed') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(drawer()).getByLabelText('saf.signed'));
    fireEvent.click(within(drawer()).getByLabelText('document.uploaded'));
    await submit(T.save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      eventTypes: ['website.created', 'website.activated', 'website.terminated', 'document.uploaded'],
    });
    await waitFor(() => expect(screen.queryByTestId('webhook-drawer')).toBeNull());
  });

  it('enables and disables an endpoint', async () => {
    const { calls } = serve(undefined, (method, path, body) =>
      method === 'PATCH' ? { body: endpoint({ ...(body as object) }) } : undefined,
    );
    renderAt();
    await screen.findByTestId('webhooks-table');
    await menuAction(T.disable, endpoint().url);
    // The focus is back on the More button the menu was opened from.
    await waitFor(() => expect(document.activeElement).toBe(moreButton(endpoint().url)));
    await menuAction(T.enable, off.url);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/webhooks/5', { enabled: false }],
      ['/webhooks/7', { enabled: true }],
    ]);
  });

  it('rotates the secret with the overlap chosen, and shows the new one once', async () => {
    const { calls } = serve(undefined, (method, path) =>
      method === 'POST' && path === '/webhooks/5/rotate-secret'
        ? {
            body: {
              endpoint: endpoint({ previousSecretUntil: '2026-06-13T09:00:00.000Z' }),
              secret: SECRET,
            },
          }
        : undefined,
    );
    renderAt();
    await screen.findByTestId('webhooks-table');
    await menuAction(T.rotate, endpoint().url);
    const question = await screen.findByRole('dialog');
    expect(within(question).getByText(T.rotateTitle)).toBeTruthy();
    // The dialog opens on its field: the choice it suggests.
    const day = within(question).getByLabelText('1 day') as HTMLInputElement;
    expect(day.checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(day));
    for (const choice of ['Not at all: it stops at once', '1 hour', '3 days', '7 days'])
      expect(within(question).getByLabelText(choice)).toBeTruthy();
    fireEvent.click(within(question).getByLabelText('3 days'));
    fireEvent.click(within(question).getByRole('button', { name: T.rotateAction }));

    await waitFor(() => expect(calls.some((c) => c.path === '/webhooks/5/rotate-secret')).toBe(true));
    expect(calls.find((c) => c.path === '/webhooks/5/rotate-secret')!.body).toEqual({ overlapHours: 72 });
    expect(((await screen.findByTestId('webhook-secret')) as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByText(T.rotatedTitle)).toBeTruthy();
    expect(screen.getByText(T.previousUntil(displayDateTime('2026-06-13T09:00:00.000Z')))).toBeTruthy();
  });

  it('sends a test event to an endpoint', async () => {
    const { calls } = serve(undefined, (method, path) =>
      method === 'POST' && path === '/webhooks/6/test'
        ? { body: { id: 99, eventId: 'evt_test', eventType: 'webhook.test', state: 'pending' } }
        : undefined,
    );
    renderAt();
    await screen.findByTestId('webhooks-table');
    await menuAction(T.sendTest, failing.url);
    expect(await screen.findByText(T.testSent)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/webhooks/6/test']);
  });

  it('deletes an endpoint after a question, then focuses Add endpoint', async () => {
    let list = [endpoint(), failing, off];
    const { calls } = serveApi((method, path) => {
      if (method === 'DELETE' && path === '/webhooks/7') {
        list = [endpoint(), failing];
        return { status: 204, body: null };
      }
      if (method === 'GET' && path === '/webhooks') return { body: { items: list } };
      return undefined;
    });
    renderAt();
    await screen.findByTestId('webhooks-table');
    await menuAction(T.delete, off.url);
    const confirm = await waitFor(() => {
      const d = confirmDialog(T.deleteConfirm(off.url));
      expect(d).not.toBeNull();
      return d!;
    });
    expect(within(confirm).getByText(T.deleteEffect)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // Cancel is where the focus starts.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: T.cancel })),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: T.delete }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/webhooks/7')).toBe(true),
    );
    expect(await screen.findByText(T.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(off.url)).toBeNull());
    // Its row and its More button are gone: focus is on Add endpoint, not the page's body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: T.add })));
  });

  it('gives the focus back to More when a question asked from its menu is cancelled', async () => {
    serve();
    renderAt();
    await screen.findByTestId('webhooks-table');
    await menuAction(T.rotate, endpoint().url);
    const question = await screen.findByRole('dialog');
    fireEvent.click(within(question).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(moreButton(endpoint().url)));
  });

  it('keeps the secret open on a click beside it; after Done the first endpoint’s Edit has the focus', async () => {
    const made = endpoint({ id: 9, url: 'https://hooks.summitweb.example/new' });
    let list: WebhookEndpoint[] = [];
    serveApi((method, path) => {
      if (method === 'POST' && path === '/webhooks') {
        list = [made];
        return { status: 201, body: { endpoint: made, secret: SECRET } };
      }
      if (method === 'GET' && path === '/webhooks') return { body: { items: list } };
      return undefined;
    });
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    fireEvent.click(within(empty).getByRole('button', { name: T.add }));
    await screen.findByTestId('webhook-drawer');
    typeUrl(made.url);
    fireEvent.click(within(drawer()).getByLabelText(T.selectAllOf('Compliance')));
    await submit(T.create);
    const secret = await screen.findByTestId('webhook-secret');
    const wrap = secret.closest<HTMLElement>('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    expect(screen.getByTestId('webhook-secret')).toBe(secret);

    // Done: the first endpoint's row has taken the empty list's place (and its Add endpoint): focus
    // goes to the new endpoint's Edit.
    fireEvent.click(within(dialog()).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: T.actionOn(T.edit, made.url) })),
    );
  });

  it('shows the read-only role the endpoints without a control that changes them', async () => {
    setAccount(['viewer'], true);
    serve();
    renderAt();
    await screen.findByTestId('webhooks-table');
    expect(screen.getByText(failing.url)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.add })).toBeNull();
    for (const name of [T.edit, T.moreActions, T.disable, T.enable, T.rotate, T.sendTest, T.delete])
      expect(screen.queryByRole('button', { name: new RegExp(`^${name}:`) })).toBeNull();
    // The delivery logs stay open to it, in words.
    expect(screen.getByRole('link', { name: T.actionOn(T.deliveries, failing.url) }).textContent).toBe(
      T.deliveries,
    );
  });

  it('shows the read-only role no add button when there are no endpoints either', async () => {
    setAccount(['viewer'], true);
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('on a phone, shows each endpoint as a card with its actions in words', async () => {
    stubMedia(PHONE);
    serve();
    renderAt();
    const cards = await screen.findAllByTestId('endpoint-card');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('columnheader')).toBeNull();
    const card = cards[1]!;
    expect(within(card).getByText(failing.url)).toBeTruthy();
    expect(within(card).getByTestId('endpoint-state').textContent).toBe(
      T.failingSince(displayDateTime(failing.failingSince)),
    );
    const controls = within(within(card).getByTestId('endpoint-actions'));
    expect(controls.getByRole('link', { name: T.actionOn(T.deliveries, failing.url) }).textContent).toBe(
      T.deliveries,
    );
    expect(controls.getByRole('button', { name: T.actionOn(T.edit, failing.url) }).textContent).toBe(T.edit);
    expect(controls.getByRole('button', { name: T.actionOn(T.moreActions, failing.url) }).textContent).toBe(
      T.more,
    );
    const menu = await openMenu(failing.url);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([T.disable, T.rotate, T.sendTest, T.delete]);
    // Nothing in a card is wider than the card: the table does not scroll sideways.
    expect(
      screen.getByTestId('webhooks-table').querySelector('.ant-table-content')?.getAttribute('style') ?? '',
    ).not.toContain('overflow-x');
  });
});
