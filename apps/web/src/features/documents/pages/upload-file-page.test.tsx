import { DocumentMessages } from '@vp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { doc, TYPES } from '../testing.ts';
import UploadFilePage from './upload-file-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const agreement = doc({
  rowKey: 21,
  label: 'agreement.pdf',
  typeId: 2,
  typeString: 'Vendor Agreement',
  websiteId: null,
});

function serveVendorDocs(docs = [agreement]) {
  return serveApi((method, path) => {
    if (method === 'GET' && path === '/documents') return { body: docs };
    if (path === '/documenttypes') return { body: TYPES };
    if (method === 'POST' && path === '/documents')
      return { status: 201, body: { message: DocumentMessages.uploaded, document: agreement } };
    return undefined;
  });
}

describe('Upload File page', () => {
  it("lists the vendor's own documents and uploads vendor-level ones without a website", async () => {
    const { calls } = serveVendorDocs();
    renderWithClient(<UploadFilePage />);
    expect(await screen.findByRole('button', { name: 'Download agreement.pdf' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Upload File');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'File type' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual(['Vendor Agreement', 'License']);
    fireEvent.click(options[0]!);
    fireEvent.change(document.querySelector('input[type="file"]')!, {
      target: { files: [new File(['%PDF'], 'w9.pdf')] },
    });
    // A chosen file not yet sent is unsaved work: leaving the page asks first.
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(DocumentMessages.uploaded)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      documentType: '2',
      file: { name: 'w9.pdf', size: 4, type: '' },
    });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('an empty account says so', async () => {
    serveVendorDocs([]);
    renderWithClient(<UploadFilePage />);
    expect(await screen.findByText(/No documents are on file for your vendor account yet/)).toBeTruthy();
  });

  it('the read-only role sees and downloads, with no upload or delete', async () => {
    setAccount(['viewer'], true);
    serveVendorDocs();
    renderWithClient(<UploadFilePage />);
    expect(await screen.findByRole('button', { name: 'Download agreement.pdf' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Files');
    expect(screen.queryByTestId('upload-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
