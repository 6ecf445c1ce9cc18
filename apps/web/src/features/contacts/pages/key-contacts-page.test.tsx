import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContactMessages as M, StaleMessages, type Contact, type ContactType } from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, renderWithClient, serveApi, type Answer } from '../../../testing/fake-api.tsx';
import KeyContactsPage from './key-contacts-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const types: ContactType[] = [
  { id: 1, name: 'Primary', required: false, vendorTypes: [], sortOrder: 1 },
  { id: 2, name: 'Technical', required: true, vendorTypes: [], sortOrder: 2 },
  { id: 3, name: 'Billing', required: true, vendorTypes: [], sortOrder: 3 },
];

const contact = (over: Partial<Contact> = {}): Contact => ({
  id: 7,
  version: 1,
  types: [1, 3],
  firstName: 'Renee',
  lastName: 'Castillo',
  title: 'Account Manager',
  email: 'renee@summitweb.example',
  phone: '+13035550147',
  phoneNational: '(303) 555-0147',
  notes: 'First point of contact.',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'demo',
  ...over,
});

function serve(
  list: Contact[] = [contact()],
  answer: (method: string, path: string, body: unknown) => Answer | undefined = () => undefined,
) {
  return serveApi((method, path, body) => {
    const own = answer(method, path, body);
    if (own) return own;
    if (method === 'GET' && path === '/contacts/types') return { body: types };
    if (method === 'GET' && path.startsWith('/portal/contacts')) {
      const type = new URLSearchParams(path.split('?')[1] ?? '').get('type');
      return { body: type ? list.filter((c) => c.types.includes(Number(type))) : list };
    }
    if (method === 'GET' && path === '/portal/metadata')
      return { body: { ...metadata(), missingContactTypes: ['Technical'] } };
    return undefined;
  });
}

function renderAt(url = '/team') {
  const router = createMemoryRouter([{ path: '/team', element: <KeyContactsPage /> }], {
    initialEntries: [url],
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** Waits for the field to show this error under it. */
async function expectError(label: string, message: string) {
  const item = field(label).closest('.ant-form-item')!;
  await waitFor(() =>
    expect(item.querySelector('.ant-form-item-explain-error')?.textContent ?? '').toBe(message),
  );
}

describe('Key Contacts page', () => {
  it('lists contacts with their types, email as a mail link and the phone in national format', async () => {
    serve();
    renderAt();
    const table = await screen.findByTestId('contacts-table');
    expect(within(table).getByText('Renee Castillo')).toBeTruthy();
    expect(within(table).getByText('Primary')).toBeTruthy();
    expect(within(table).getByText('Billing')).toBeTruthy();
    expect(within(table).getByText('renee@summitweb.example').getAttribute('href')).toBe(
      'mailto:renee@summitweb.example',
    );
    expect(within(table).getByText('(303) 555-0147').getAttribute('href')).toBe('tel:+13035550147');
    expect(await screen.findByText(`${M.missing} Technical`)).toBeTruthy();
  });

  it('filters by type through the address, and says when no contact has the type', async () => {
    serve();
    const router = renderAt('/team?type=2');
    expect(await screen.findByText(M.emptyFiltered('Technical'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.clearFilter }));
    expect(await screen.findByTestId('contacts-table')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('offers to add the first contact when there are none', async () => {
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText(M.empty, { exact: false })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: M.add }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows a failed load with a Retry', async () => {
    serveApi((method, path) => {
      if (path === '/contacts/types') return { body: types };
      if (path.startsWith('/portal/contacts'))
        return { status: 400, body: { code: 400, message: 'Invalid id.' } };
      return undefined;
    });
    renderAt();
    expect(await screen.findByText(M.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('checks each field with the contract’s rules and messages before sending anything', async () => {
    const { calls } = serve();
    renderAt();
    await screen.findByTestId('contacts-table');
    fireEvent.click(screen.getByRole('button', { name: M.add }));
    await screen.findByRole('dialog');
    type(M.fields.firstName, 'Avery');
    type(M.fields.email, 'avery@');
    type(M.fields.phone, '555-0100');
    type(M.fields.notes, 'x'.repeat(1001));
    const add = within(dialog()).getByRole('button', { name: M.add }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await expectError(M.fields.types, M.typesRequired);
    await expectError(M.fields.lastName, M.lastNameRequired);
    await expectError(M.fields.email, M.emailInvalid);
    await expectError(M.fields.phone, M.phoneInvalid);
    type(M.fields.phone, '(303) 555-0147 ext. 4');
    await expectError(M.fields.phone, M.phoneExtension);
    type(M.fields.email, '');
    await expectError(M.fields.email, M.emailRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a contact with what was typed', async () => {
    const { calls } = serve([contact()], (method, path, body) =>
      method === 'POST' && path === '/contacts'
        ? { status: 201, body: contact({ id: 8, ...(body as object), phone: '+17202010100' }) }
        : undefined,
    );
    renderAt();
    await screen.findByTestId('contacts-table');
    fireEvent.click(screen.getByRole('button', { name: M.add }));
    await screen.findByRole('dialog');
    const select = field(M.fields.types);
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Technical'));
    type(M.fields.firstName, 'Avery');
    type(M.fields.lastName, 'Quinn');
    type(M.fields.email, 'avery@summitweb.example');
    type(M.fields.phone, '(720) 201-0100');
    const add = within(dialog()).getByRole('button', { name: M.add }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      types: [2],
      firstName: 'Avery',
      lastName: 'Quinn',
      title: '',
      email: 'avery@summitweb.example',
      phone: '(720) 201-0100',
      notes: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits with the version it loaded; a stale save says so in the dialog and offers to reload', async () => {
    const { calls } = serve([contact()], (method, path) =>
      method === 'PUT' && path === '/contacts/7'
        ? { status: 409, body: { code: 409, message: M.stale } }
        : undefined,
    );
    renderAt();
    await screen.findByTestId('contacts-table');
    fireEvent.click(screen.getByRole('button', { name: `${M.edit}: Renee Castillo` }));
    await screen.findByRole('dialog');
    expect((field(M.fields.phone) as HTMLInputElement).value).toBe('(303) 555-0147');
    type(M.fields.title, 'Director');
    const save = within(dialog()).getByRole('button', { name: M.save }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await within(dialog()).findByText(M.stale)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ version: 1, title: 'Director' });
    fireEvent.click(within(dialog()).getByRole('button', { name: StaleMessages.reload }));
    await waitFor(() => expect(within(dialog()).queryByText(M.stale)).toBeNull());
    expect((field(M.fields.title) as HTMLInputElement).value).toBe('Account Manager');
  });

  it('deletes after a confirmation', async () => {
    const { calls } = serve([contact()], (method, path) =>
      method === 'DELETE' && path === '/contacts/7' ? { body: { message: M.deleted } } : undefined,
    );
    renderAt();
    await screen.findByTestId('contacts-table');
    fireEvent.click(screen.getByRole('button', { name: `${M.deleteAction}: Renee Castillo` }));
    expect(await screen.findByText(M.deleteConfirm)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen.getByText(M.deleteConfirm).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: M.deleteAction }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/contacts/7')).toBe(true),
    );
  });

  it('shows the read-only role the contacts without add, edit or delete', async () => {
    setAccount(['viewer'], true);
    serve();
    renderAt();
    const table = await screen.findByTestId('contacts-table');
    expect(within(table).getByText('Renee Castillo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows the read-only role no add button when there are no contacts either', async () => {
    setAccount(['viewer'], true);
    serve([]);
    renderAt();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(within(empty).queryByText(M.emptyNext, { exact: false })).toBeNull();
  });
});
