import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiKeyMessages as M, latestKeyExpiry, type ApiKey } from '@vp/contract';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Answer } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { CreateTexts } from '../components/create-key-dialog.tsx';
import { KeyPartTexts } from '../components/key-parts.tsx';
import { RevokeTexts } from '../components/revoke-button.tsx';
import { RotateTexts } from '../components/rotate-dialog.tsx';
import { SecretTexts } from '../components/secret-dialog.tsx';
import { todayUtc } from '../key-format.ts';
import { apiKey, issued, SECRET } from '../test-fixtures.ts';
import ApiKeysPage, { PageTexts } from './api-keys-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const keys: ApiKey[] = [
  apiKey(),
  apiKey({
    id: 6,
    name: 'Nightly export',
    shown: 'vpk_Zz9yX8wV',
    scopes: ['read'],
    allowedRanges: ['203.0.113.0/24', '2001:db8::1'],
    expiresAt: inDays(3.5),
    lastUsedAt: null,
    lastUsedFrom: null,
  }),
  apiKey({ id: 7, name: 'Old CRM', state: 'revoked', revokedAt: '2026-11-01T10:00:00.000Z' }),
  apiKey({ id: 8, name: 'Trial', state: 'expired', expiresAt: '2026-10-01T00:00:00.000Z' }),
  apiKey({ id: 4, name: 'Site builder', replacedBy: 9, expiresAt: inDays(0.5) }),
];

function serve(
  list: ApiKey[] = keys,
  answer: (method: string, path: string, body: unknown) => Answer | undefined = () => undefined,
) {
  return serveApi((method, path, body) => {
    const own = answer(method, path, body);
    if (own) return own;
    if (method === 'GET' && path === '/api-keys') return { body: { items: list } };
    return undefined;
  });
}

function renderAt() {
  const router = createMemoryRouter([{ path: '/tools/api-keys', element: <ApiKeysPage /> }], {
    initialEntries: ['/tools/api-keys'],
  });
  renderWithClient(<RouterProvider router={router} />);
}

const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    expect(found).toBeTruthy();
    return found!;
  });
const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST');

function fieldIn(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label) as HTMLInputElement;
}
async function expectError(dialog: HTMLElement, label: string, message: string) {
  const item = fieldIn(dialog, label).closest('.ant-form-item')!;
  await waitFor(() =>
    expect(item.querySelector('.ant-form-item-explain-error')?.textContent ?? '').toBe(message),
  );
}
function addRange(dialog: HTMLElement, text: string) {
  const input = fieldIn(dialog, CreateTexts.fields.allowedRanges);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
/** Types a day into the expiry picker and leaves it, as a user does. */
function typeExpiry(dialog: HTMLElement, day: string) {
  const input = fieldIn(dialog, CreateTexts.fields.expiresOn);
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: dayjs(day).format('MM/DD/YYYY') } });
  fireEvent.keyUp(input, { key: '0' });
  fireEvent.blur(input);
}

const ROTATE_SYNC = 'Rotate: Listing sync (vpk_Ab3dE6gH)';
const REVOKE_SYNC = 'Revoke: Listing sync (vpk_Ab3dE6gH)';

/** The open confirmation whose title is this. */
function confirmDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
      (t) => t.textContent === title,
    );
    expect(found).toBeTruthy();
    return found!.closest<HTMLElement>('.ant-modal-confirm')!;
  });
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: CreateTexts.ok }));
  return dialogTitled(CreateTexts.title);
}

describe('Tools → API keys', () => {
  it('lists the keys: name and shown prefix, scopes, creator, expiry, last use and state', async () => {
    serve();
    renderAt();
    const table = await screen.findByTestId('api-keys-table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;

    const sync = within(row('Listing sync'));
    expect(sync.getByText('vpk_Ab3dE6gH…').tagName).toBe('CODE');
    expect(sync.getByText('Read')).toBeTruthy();
    expect(sync.getByText('Websites')).toBeTruthy();
    expect(sync.getByText('Dana Whitfield')).toBeTruthy();
    expect(sync.getByText('10/01/2026')).toBeTruthy();
    expect(sync.getByText('05/31/2027')).toBeTruthy();
    expect(sync.getByText('from 203.0.113.7')).toBeTruthy();
    expect(sync.getByTestId('api-key-addresses').textContent).toBe(KeyPartTexts.anyAddress);
    expect(sync.getByTestId('api-key-state').textContent).toBe('Active');
    expect(sync.queryByTestId('api-key-expiry-warning')).toBeNull();

    const nightly = within(row('Nightly export'));
    expect(nightly.getByText('Never used')).toBeTruthy();
    expect(nightly.getByTestId('api-key-expiry-warning').textContent).toContain('Expires in 4 days');
    expect(
      within(nightly.getByTestId('api-key-addresses'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['203.0.113.0/24', '2001:db8::1']);

    expect(within(row('Old CRM')).getByTestId('api-key-state').textContent).toBe('Revoked');
    expect(within(row('Trial')).getByTestId('api-key-state').textContent).toBe('Expired');
    const replaced = within(row('Site builder'));
    expect(replaced.getByTestId('api-key-state').textContent).toBe('Replaced');
    expect(replaced.getByTestId('api-key-expiry-warning').textContent).toContain('Expires in 12 hours');

    // Rotate only a working key not yet replaced; Revoke any working key. Each names the key by its
    // name and shown prefix, as a rotated key and its replacement share a name.
    expect(sync.getByRole('button', { name: 'Rotate: Listing sync (vpk_Ab3dE6gH)' })).toBeTruthy();
    expect(replaced.queryByRole('button', { name: /Rotate/ })).toBeNull();
    expect(replaced.getByRole('button', { name: 'Revoke: Site builder (vpk_Ab3dE6gH)' })).toBeTruthy();
    expect(within(row('Old CRM')).queryByRole('button')).toBeNull();
    expect(within(row('Trial')).queryByRole('button')).toBeNull();
  });

  it('explains what keys are for when there are none, and offers to create one', async () => {
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText(PageTexts.emptyWhy, { exact: false })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: CreateTexts.ok }));
    expect(await dialogTitled(CreateTexts.title)).toBeTruthy();
  });

  it('opens the create form on its name, and checks each field with the contract before sending', async () => {
    const { calls } = serve();
    renderAt();
    const dialog = await openCreate();
    await waitFor(() => expect(document.activeElement).toBe(fieldIn(dialog, CreateTexts.fields.name)));
    expect(within(dialog).getByText(CreateTexts.rangesHint)).toBeTruthy();
    // Every scope is offered with what it allows.
    expect(within(dialog).getByText('Upload and delete documents.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Read/ }));
    const create = within(dialog).getByRole('button', { name: CreateTexts.ok }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await expectError(dialog, CreateTexts.fields.name, M.nameRequired);
    const scopes = within(dialog).getByRole('group', { name: CreateTexts.fields.scopes });
    await waitFor(() =>
      expect(
        scopes.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent,
      ).toBe(M.scopesRequired),
    );

    const tooFar = dayjs(latestKeyExpiry(todayUtc())).add(1, 'day').format('YYYY-MM-DD');
    typeExpiry(dialog, tooFar);
    await expectError(dialog, CreateTexts.fields.expiresOn, M.expiryTooFar);

    addRange(dialog, '10.0.0.300');
    await expectError(dialog, CreateTexts.fields.allowedRanges, M.rangeInvalid);

    fireEvent.click(create);
    await expectError(dialog, CreateTexts.fields.expiresOn, M.expiryTooFar);
    expect(posts(calls)).toHaveLength(0);
  });

  it('says why a typed expiry is refused when it is confirmed with Enter, as when the field is left', async () => {
    const { calls } = serve();
    renderAt();
    const dialog = await openCreate();
    fireEvent.change(fieldIn(dialog, CreateTexts.fields.name), { target: { value: 'Nightly export 2' } });
    const input = fieldIn(dialog, CreateTexts.fields.expiresOn);
    const tooFar = dayjs(latestKeyExpiry(todayUtc())).add(1, 'day').format('MM/DD/YYYY');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: tooFar } });
    fireEvent.keyUp(input, { key: tooFar.at(-1) });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter' });
    await expectError(dialog, CreateTexts.fields.expiresOn, M.expiryTooFar);
    // The date it held before is not put back unseen, for Create to send.
    expect(input.value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: CreateTexts.ok }));
    await expectError(dialog, CreateTexts.fields.expiresOn, M.expiryTooFar);
    expect(posts(calls)).toHaveLength(0);
  });

  it('names the scopes as a group, which carries no aria-required (a group may not)', async () => {
    serve();
    renderAt();
    const dialog = await openCreate();
    const group = within(dialog).getByRole('group', { name: CreateTexts.fields.scopes });
    // The label points at it.
    expect(group.id).toBe('create-api-key_scopes');
    expect(group.getAttribute('aria-required')).toBeNull();
    // Only the text boxes carry it.
    for (const el of dialog.querySelectorAll('[aria-required]')) expect(el.tagName).toBe('INPUT');
  });

  it('creates a key with what was chosen, then shows its secret once with a copy and an example call', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const { calls } = serve(keys, (method, path) =>
      method === 'POST' && path === '/api-keys' ? { status: 201, body: issued() } : undefined,
    );
    renderAt();
    const dialog = await openCreate();
    fireEvent.change(fieldIn(dialog, CreateTexts.fields.name), { target: { value: '  Listing sync 2 ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Websites/ }));
    addRange(dialog, '203.0.113.0/24');
    addRange(dialog, '2001:db8::1');
    fireEvent.click(within(dialog).getByRole('button', { name: CreateTexts.ok }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      path: '/api-keys',
      body: {
        name: 'Listing sync 2',
        scopes: ['read', 'websites'],
        expiresOn: dayjs(todayUtc()).add(90, 'day').format('YYYY-MM-DD'),
        allowedRanges: ['203.0.113.0/24', '2001:db8::1'],
      },
    });

    const secret = await dialogTitled(SecretTexts.createdTitle);
    expect(within(secret).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(within(secret).getByText(SecretTexts.once)).toBeTruthy();
    expect(within(secret).getByTestId('api-key-example').textContent).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/portal/websites`,
    );
    const copy = within(secret).getByRole('button', { name: SecretTexts.copy });
    await waitFor(() => expect(document.activeElement).toBe(copy));
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(secret).findByRole('button', { name: SecretTexts.copied })).toBeTruthy();

    // Closing asks nothing, and the secret is gone for good.
    fireEvent.click(within(secret).getByRole('button', { name: SecretTexts.done }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret-dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal about a field on that field', async () => {
    serve(keys, (method, path) =>
      method === 'POST' && path === '/api-keys'
        ? { status: 400, body: { code: 400, message: M.nameTaken } }
        : undefined,
    );
    renderAt();
    const dialog = await openCreate();
    fireEvent.change(fieldIn(dialog, CreateTexts.fields.name), { target: { value: 'Listing sync' } });
    fireEvent.click(within(dialog).getByRole('button', { name: CreateTexts.ok }));
    await expectError(dialog, CreateTexts.fields.name, M.nameTaken);
    expect(screen.queryByTestId('api-key-secret-dialog')).toBeNull();
  });

  it('rotates a key with the overlap chosen and shows the new secret', async () => {
    const { calls } = serve(keys, (method, path) =>
      method === 'POST' && path === '/api-keys/5/rotate' ? { body: issued() } : undefined,
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: ROTATE_SYNC }));
    const dialog = await dialogTitled(RotateTexts.title('Listing sync'));
    // The new key does not keep the old one's last day: it lasts as long, from today.
    const explain = within(dialog).getByText(RotateTexts.explain).textContent ?? '';
    expect(explain).toContain('same name, scopes and allowed addresses');
    expect(explain).toContain('lasts as long as this one was made to last, counted from today');
    expect(explain).not.toContain('expiry');
    const group = within(dialog).getByRole('radiogroup', { name: RotateTexts.overlap });
    const labels = within(group)
      .getAllByRole('radio')
      .map((r) => r.closest('label')!.textContent);
    expect(labels).toEqual(['Not at all', '1 hour', '1 day', '3 days', '7 days']);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '1 day' })),
    );
    fireEvent.click(within(group).getByRole('radio', { name: '7 days' }));
    fireEvent.click(within(dialog).getByRole('button', { name: RotateTexts.ok }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ overlapHours: 168 });
    const secret = await dialogTitled(SecretTexts.rotatedTitle);
    expect(within(secret).getByTestId('api-key-secret').textContent).toBe(SECRET);
  });

  it('revokes a key after a confirmation that opens on Cancel, then focuses its name', async () => {
    let revoked = false;
    const { calls } = serveApi((method, path) => {
      if (method === 'POST' && path === '/api-keys/5/revoke') {
        revoked = true;
        return { body: apiKey({ state: 'revoked' }) };
      }
      if (method === 'GET' && path === '/api-keys')
        return { body: { items: keys.map((k) => (k.id === 5 && revoked ? { ...k, state: 'revoked' } : k)) } };
      return undefined;
    });
    renderAt();
    const button = await screen.findByRole('button', { name: REVOKE_SYNC });
    button.focus();
    fireEvent.click(button);
    const confirm = await confirmDialog(RevokeTexts.confirm('Listing sync'));
    expect(within(confirm).getByText(RevokeTexts.detail)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: RevokeTexts.cancel })),
    );
    expect(posts(calls)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: RevokeTexts.action }));
    await waitFor(() => expect(posts(calls).map((c) => c.path)).toEqual(['/api-keys/5/revoke']));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api-keys').length).toBe(2));
    // Its Revoke is gone with the key's working life; focus is on its name, not the page's body.
    await waitFor(() => expect(screen.queryByRole('button', { name: REVOKE_SYNC })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Listing sync'));
  });

  it('gives the focus back to Revoke when its confirmation is cancelled', async () => {
    const { calls } = serve();
    renderAt();
    const button = await screen.findByRole('button', { name: REVOKE_SYNC });
    button.focus();
    fireEvent.click(button);
    const confirm = await confirmDialog(RevokeTexts.confirm('Listing sync'));
    fireEvent.click(within(confirm).getByRole('button', { name: RevokeTexts.cancel }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(posts(calls)).toHaveLength(0);
  });

  it('keeps the actions in sight beside a long name and every scope: the table fits its card', async () => {
    const long = 'The nightly export to the brokerage CRM of every listing site';
    serve([
      apiKey({ name: long.slice(0, 59), scopes: ['read', 'websites', 'forms', 'documents', 'comments'] }),
    ]);
    renderAt();
    const table = await screen.findByTestId('api-keys-table');
    // Laid out at the card's width, not at its content's (which pushed the actions out of sight).
    expect(table.querySelector('table')!.style.width).not.toBe('max-content');
    const row = within(within(table).getByText(long.slice(0, 59)).closest('tr')!);
    expect(row.getByText('Site Access Forms')).toBeTruthy();
    expect(row.getByRole('button', { name: `Revoke: ${long.slice(0, 59)} (vpk_Ab3dE6gH)` })).toBeTruthy();
  });

  it('shows the read-only role the keys without create, rotate or revoke', async () => {
    setAccount(['viewer'], true);
    serve();
    renderAt();
    const table = await screen.findByTestId('api-keys-table');
    expect(within(table).getByText('Listing sync')).toBeTruthy();
    expect(screen.queryByRole('button', { name: CreateTexts.ok })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rotate|Revoke/ })).toBeNull();
  });

  it('shows the read-only role no create button when there are no keys either', async () => {
    setAccount(['viewer'], true);
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('lets MLS staff acting for the vendor revoke, but not create or rotate', async () => {
    setAccount(['admin'], true);
    serve();
    renderAt();
    await screen.findByTestId('api-keys-table');
    expect(screen.getByText(M.staffCreate)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CreateTexts.ok })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
    expect(screen.getByRole('button', { name: REVOKE_SYNC })).toBeTruthy();
  });

  it('on a phone each key is a card, with its actions', async () => {
    stubMedia(PHONE);
    serve();
    renderAt();
    const cards = await screen.findAllByTestId('api-key-card');
    expect(cards).toHaveLength(keys.length);
    expect(screen.queryByTestId('api-keys-table')).toBeNull();
    const first = within(cards[0]!);
    expect(first.getByText('Listing sync')).toBeTruthy();
    expect(first.getByText('vpk_Ab3dE6gH…')).toBeTruthy();
    expect(first.getByRole('button', { name: ROTATE_SYNC })).toBeTruthy();
    expect(first.getByTestId('api-key-addresses').textContent).toBe(KeyPartTexts.anyAddress);
    expect(within(cards[1]!).getByText('Never used')).toBeTruthy();
    expect(within(cards[1]!).getByText('2001:db8::1')).toBeTruthy();
  });
});
