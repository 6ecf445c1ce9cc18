import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocumentTypeAdminMessages } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { products, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { documentType } from '../test-fixtures.ts';
import DocumentTypesPage from './document-types-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [
  documentType(),
  documentType({
    id: 2,
    type: 'W-9',
    name: 'w9',
    scope: 'vendor',
    signatureRequired: false,
    requiredForVendor: true,
    requiredForSites: false,
    documents: 1,
  }),
  documentType({
    id: 3,
    type: 'Screenshot',
    name: null,
    scope: 'website',
    signatureRequired: false,
    requiredForSites: true,
    requiredForProducts: [2],
  }),
  documentType({
    id: 7,
    type: 'Attachment',
    name: null,
    scope: 'any',
    signatureRequired: false,
    requiredForSites: false,
    messaging: true,
    documents: 0,
  }),
];

function serve() {
  return serveApi((method, path, body) => {
    if (method === 'GET' && path === '/admin/document-types') return { body: { types, products } };
    if (method === 'POST' && path === '/admin/document-types') {
      const input = body as { type: string };
      return {
        status: 201,
        body: {
          type: documentType({ id: 9, ...input }),
          message: DocumentTypeAdminMessages.created(input.type),
        },
      };
    }
    return undefined;
  });
}

function dialog(): HTMLElement {
  return screen.getByRole('dialog');
}

describe('Document Types page', () => {
  it('lists the file types with what each is required of, and the messaging types apart', async () => {
    serve();
    renderWithClient(<DocumentTypesPage />);
    const files = await screen.findByTestId('file-types-table');
    expect(within(files).getByText('Signed in the portal')).toBeTruthy();
    expect(within(files).getByText('Every vendor', { exact: false })).toBeTruthy();
    expect(within(files).getByText('Sites with IDX with Teams', { exact: false })).toBeTruthy();
    expect(within(files).queryByText('Attachment')).toBeNull();
    expect(within(screen.getByTestId('messaging-types-table')).getByText('Attachment')).toBeTruthy();
  });

  it('adds a file type, holding back settings the rules refuse with their reason', async () => {
    const { calls } = serve();
    renderWithClient(<DocumentTypesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add file type' }));
    fireEvent.change(await within(dialog()).findByLabelText('Name'), {
      target: { value: 'Data Security Addendum' },
    });
    fireEvent.click(within(dialog()).getByLabelText('Websites'));
    fireEvent.click(within(dialog()).getByLabelText('Required of every vendor (on the account)'));
    expect(await within(dialog()).findByText(DocumentTypeAdminMessages.vendorScope)).toBeTruthy();
    const add = within(dialog()).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    fireEvent.click(within(dialog()).getByLabelText('Vendor account'));
    await waitFor(() => expect(add.disabled).toBe(false));
    // The requirement may be limited to some vendor types.
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Vendor types it is required of' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="VOW Vendor"]')).not.toBeNull(),
    );
    fireEvent.click(document.querySelector('.ant-select-item-option[title="VOW Vendor"]')!);
    fireEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        type: 'Data Security Addendum',
        scope: 'vendor',
        requiredForVendor: true,
        requiredForSites: false,
        requiredForProducts: [],
        requiredVendorTypes: ['VOW Vendor'],
        messaging: false,
      }),
    );
  });

  it('keeps the form signed in the portal on websites', async () => {
    serve();
    renderWithClient(<DocumentTypesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SAF' }));
    const websites = (await within(dialog()).findByLabelText('Websites')) as HTMLInputElement;
    expect(websites.disabled).toBe(true);
    expect(within(dialog()).getByText(DocumentTypeAdminMessages.signedScope)).toBeTruthy();
  });

  it('hands focus back to the button that opened a dialog once it closes', async () => {
    serve();
    renderWithClient(<DocumentTypesPage />);
    const edit = await screen.findByRole('button', { name: 'Edit SAF' });
    edit.focus();
    fireEvent.click(edit);
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit SAF' })),
    );
  });

  it('adds a messaging type by its name alone', async () => {
    const { calls } = serve();
    renderWithClient(<DocumentTypesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add messaging type' }));
    expect(within(dialog()).queryByText('Where it belongs')).toBeNull();
    fireEvent.change(await within(dialog()).findByLabelText('Name'), { target: { value: 'Audit Finding' } });
    const add = within(dialog()).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        type: 'Audit Finding',
        messaging: true,
        scope: 'any',
      }),
    );
  });
});
