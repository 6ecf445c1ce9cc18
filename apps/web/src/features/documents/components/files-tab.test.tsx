import { DocumentMessages, type DocumentInfo } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_ABORTED } from '../../../lib/http.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { doc, TYPES } from '../testing.ts';
import { FilesTab } from './files-tab.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DOCS: DocumentInfo[] = [
  doc(),
  doc({
    rowKey: 2,
    label: 'saf-pending.pdf',
    typeId: 1,
    typeString: 'SAF',
    size: 999,
    signatureRequired: true,
    uploadDate: '2026-03-06T09:30:00',
  }),
  doc({
    rowKey: 3,
    label: 'saf-signed.pdf',
    typeId: 1,
    typeString: 'SAF',
    signatureRequired: true,
    approved: true,
  }),
  doc({
    rowKey: 4,
    label: 'saf-void.pdf',
    typeId: 1,
    typeString: 'SAF',
    signatureRequired: true,
    voided: true,
  }),
  doc({
    rowKey: 5,
    label: 'saf-declined.pdf',
    typeId: 1,
    typeString: 'SAF',
    signatureRequired: true,
    declined: true,
  }),
];

function serveFiles(extra: Route = () => undefined, docs: DocumentInfo[] = DOCS) {
  return serveApi((method, path, body) => {
    const answer = extra(method, path, body);
    if (answer) return answer;
    if (method === 'GET' && path === '/portal/websites/7/documents') return { body: docs };
    if (method === 'GET' && path === '/documenttypes') return { body: TYPES };
    if (method === 'GET' && path.endsWith('/signatures/status'))
      return {
        body: { steps: [{ date: null, description: 'Document Sent', completed: true }], signers: [] },
      };
    return undefined;
  });
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (name: string, content = 'x') =>
  fireEvent.change(fileInput(), { target: { files: [new File([content], name)] } });

async function pickType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'File type' }));
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.textContent === label,
    );
    if (!o) throw new Error(`no option ${label}`);
    return o;
  });
  fireEvent.click(option);
}

function confirmBox(title: string): HTMLElement {
  const t = [...document.querySelectorAll('.ant-modal-confirm-title')].find((el) => el.textContent === title);
  if (!t) throw new Error(`no confirm ${title}`);
  return t.closest<HTMLElement>('.ant-modal-confirm')!;
}

const row = (label: string) => screen.getByRole('button', { name: `Download ${label}` }).closest('tr')!;

describe('Files tab: the table', () => {
  it('says why a file was rejected by MLS staff', async () => {
    const rejection = { reason: 'The listing photos are missing.', date: '2026-03-07T10:00:00Z' };
    serveFiles(undefined, [doc({ rowKey: 6, label: 'screenshot.png', rejection })]);
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download screenshot.png' });
    expect(row('screenshot.png').textContent).toContain(DocumentMessages.rejected(rejection.reason));
  });

  it('shows a signed form made for earlier terms as out of date', async () => {
    serveFiles(undefined, [
      doc({ rowKey: 8, label: 'saf-idx.pdf', signatureRequired: true, approved: true, outOfDate: true }),
    ]);
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download saf-idx.pdf' });
    expect(row('saf-idx.pdf').textContent).toContain(DocumentMessages.signedOutOfDate);
    expect(row('saf-idx.pdf').textContent).not.toContain('Approved');
  });

  it('shows name, size (base 1000), date/time, type and each status', async () => {
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    const first = row('license.pdf');
    expect(first.textContent).toContain('1.23 MB');
    expect(first.textContent).toContain('03/05/2026 3:04 PM');
    expect(first.textContent).toContain('License');
    expect(first.textContent).toContain('Uploaded');
    expect(row('saf-pending.pdf').textContent).toContain('999 Bytes');
    expect(within(row('saf-pending.pdf')).getByRole('button', { name: /Pending/ })).toBeTruthy();
    expect(row('saf-signed.pdf').textContent).toContain('Approved');
    const voided = within(row('saf-void.pdf')).getByRole('button', { name: 'Voided' }) as HTMLButtonElement;
    expect(voided.disabled).toBe(true);
    // A declined form says so, and opens its status like a pending one.
    expect(
      within(row('saf-declined.pdf')).getByRole('button', { name: /^Declined: show the signature status/ }),
    ).toBeTruthy();
    // A signed SAF is kept; the others can be deleted.
    expect(within(row('saf-signed.pdf')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Delete license.pdf' })).toBeTruthy();
  });

  it('sorts by File Type', async () => {
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    const header = () => document.querySelector('.vp-documents-table th.ant-table-column-has-sorters')!;
    expect(header().textContent).toContain('File Type');
    fireEvent.click(header());
    const types = () =>
      [...document.querySelectorAll('.vp-documents-table tbody tr.ant-table-row')].map(
        (r) => r.children[3]?.textContent,
      );
    await waitFor(() => expect(types()).toEqual(['License', 'SAF', 'SAF', 'SAF', 'SAF']));
    fireEvent.click(header());
    await waitFor(() => expect(types()).toEqual(['SAF', 'SAF', 'SAF', 'SAF', 'License']));
  });

  it('an empty list says so, and a failed one offers Retry', async () => {
    let fail = true;
    serveApi((method, path) => {
      if (path === '/documenttypes') return { body: TYPES };
      if (path === '/portal/websites/7/documents')
        return fail ? { status: 400, body: { code: 400, message: 'Bad site' } } : { body: [] };
      return undefined;
    });
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    expect(await screen.findByText('Bad site')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No files have been uploaded for this website yet/)).toBeTruthy();
  });

  it('the read-only role sees and downloads, with no upload and no delete', async () => {
    setAccount(['viewer'], true);
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    expect(screen.queryByTestId('upload-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('Files tab on a phone', () => {
  it('shows each file as a card with its download, details, status and delete', async () => {
    vi.stubGlobal('innerWidth', 390);
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    const cards = await screen.findByTestId('documents-cards');
    expect(screen.queryByTestId('documents-table')).toBeNull();
    const first = within(cards).getByRole('button', { name: 'Download license.pdf' }).closest('li')!;
    expect(first.textContent).toContain('License · 1.23 MB · 03/05/2026 3:04 PM');
    expect(within(first).getByRole('button', { name: 'Delete license.pdf' })).toBeTruthy();
    const pending = within(cards).getByRole('button', { name: 'Download saf-pending.pdf' }).closest('li')!;
    fireEvent.click(within(pending).getByRole('button', { name: /Pending/ }));
    expect(await screen.findByText('Document Status: saf-pending.pdf')).toBeTruthy();
  });

  it('orders the cards by File Type, as the table header does, and back', async () => {
    vi.stubGlobal('innerWidth', 390);
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    const cards = await screen.findByTestId('documents-cards');
    const names = () =>
      within(cards)
        .getAllByRole('button', { name: /^Download / })
        .map((b) => b.getAttribute('aria-label')!.replace('Download ', ''));
    expect(names()[0]).toBe('license.pdf');
    const order = screen.getByRole('combobox', { name: 'Order' });
    const choose = async (option: string) => {
      fireEvent.mouseDown(order);
      fireEvent.click(await screen.findByTitle(option));
    };
    await choose('File Type Z–A');
    await waitFor(() => expect(names()[0]).toMatch(/^saf-/));
    expect(names().at(-1)).toBe('license.pdf');
    await choose('File Type A–Z');
    await waitFor(() => expect(names()[0]).toBe('license.pdf'));
    await choose('As listed');
    await waitFor(() => expect(names()).toEqual(DOCS.map((d) => d.label)));
  });
});

describe('Files tab: download', () => {
  it('fetches the file with the session and saves it under its label; again within 2 s is refused', async () => {
    const create = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { calls, headers } = serveFiles((method, path) =>
      method === 'GET' && path === '/document/1' ? { body: 'PDF' } : undefined,
    );
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download license.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['license.pdf']));
    const i = calls.findIndex((c) => c.path === '/document/1');
    expect(headers[i]?.Authorization).toBe('Bearer t');
    fireEvent.click(screen.getByRole('button', { name: 'Download license.pdf' }));
    expect(await screen.findByText(DocumentMessages.downloadWait)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/document/1')).toHaveLength(1);
    // Another file is not held back by the first one's wait.
    fireEvent.click(screen.getByRole('button', { name: 'Download saf-pending.pdf' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/document/2')).toBe(true));
  });
});

describe('Files tab: delete', () => {
  it('asks first (Warning); OK deletes and says Delete completed', async () => {
    let docs = DOCS;
    const { calls } = serveFiles((method, path) => {
      if (method === 'DELETE' && path === '/document/1') {
        docs = DOCS.slice(1);
        return { body: { message: DocumentMessages.deleted } };
      }
      if (method === 'GET' && path === '/portal/websites/7/documents') return { body: docs };
      return undefined;
    });
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete license.pdf' }));
    const box = await waitFor(() => confirmBox(DocumentMessages.deleteConfirmTitle));
    expect(box.textContent).toContain(DocumentMessages.deleteConfirm);
    fireEvent.click(within(box).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DocumentMessages.deleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Download license.pdf' })).toBeNull());
  });

  it('Cancel deletes nothing and says Delete canceled', async () => {
    const { calls } = serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete license.pdf' }));
    const box = await waitFor(() => confirmBox(DocumentMessages.deleteConfirmTitle));
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(DocumentMessages.deleteCanceled)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('Files tab: upload', () => {
  it('offers website and any types but not the SAF (signed in the portal); Upload shows only with both a type and a file', async () => {
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    expect(await screen.findByText(DocumentMessages.dropHere, { exact: false })).toBeTruthy();
    expect(screen.getByText(DocumentMessages.selectType)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'File type' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(offered).toEqual(['License', 'Site Screenshot']);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'File type' }), { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByTestId('upload-hint')).toBeNull();
    choose('photo.png');
    expect(await screen.findByText('photo.png')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    // Where Upload will be, the page says what is missing.
    expect(screen.getByTestId('upload-hint').textContent).toBe(DocumentMessages.chooseTypeToUpload);
    await pickType('License');
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(screen.queryByTestId('upload-hint')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull());
    expect(screen.getByTestId('upload-hint').textContent).toBe(DocumentMessages.chooseFileToUpload);
  });

  it.each([
    ['virus.exe', DocumentMessages.extension],
    [`${'a'.repeat(125)}.pdf`, DocumentMessages.nameTooLong],
    ['invoice.exe.pdf', DocumentMessages.doubleExtension],
  ])('refuses %s before sending anything', async (name, text) => {
    const { calls } = serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    choose(name);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a chosen name without the invisible characters that make it read as another', async () => {
    serveFiles();
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    // Shown as it came, the right-to-left override makes this text file read "invoicetxt.png".
    choose('invoice\u202Egnp.txt');
    const chosen = await screen.findByTestId('chosen-file');
    expect(chosen.querySelector('.vp-upload-file-name')?.textContent).toBe('invoicegnp.txt');
    // A name with nothing left before its extension is refused as having none.
    choose('\u202E\u200B.pdf');
    expect(await screen.findByText(DocumentMessages.extension)).toBeTruthy();
  });

  it("refuses a file over the server's size limit when it is chosen, with the limit's message", async () => {
    const { calls } = serveFiles((method, path) =>
      method === 'GET' && path === '/documents/limits' ? { body: { maxBytes: 1_000 } } : undefined,
    );
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    await waitFor(() => expect(calls.some((c) => c.path === '/documents/limits')).toBe(true));
    // The answer is read in the task after the call.
    await new Promise((r) => setTimeout(r, 0));
    choose('big.pdf', 'x'.repeat(1_001));
    expect(await screen.findByText('The file is larger than the 0.001 MB limit.')).toBeTruthy();
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    // Within the limit, it is taken.
    choose('small.pdf', 'x'.repeat(1_000));
    expect(await screen.findByText('small.pdf')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the file, type and website with the session, shows the progress, then Upload successfully', async () => {
    let release!: () => void;
    const until = new Promise<void>((r) => (release = r));
    let docs = DOCS;
    const { calls, headers } = serveFiles((method, path) => {
      if (method === 'POST' && path === '/documents') {
        docs = [...DOCS, doc({ rowKey: 9, label: 'photo.png', typeString: 'License' })];
        return {
          status: 201,
          body: { message: 'Upload successfully', document: docs[4] },
          progress: [0.4],
          until,
        };
      }
      if (method === 'GET' && path === '/portal/websites/7/documents') return { body: docs };
      return undefined;
    });
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    choose('photo.png', 'png-bytes');
    await pickType('License');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const progress = await screen.findByTestId('upload-progress');
    await waitFor(() => expect(progress.textContent).toContain('40%'));
    release();
    expect(await screen.findByText(DocumentMessages.uploaded)).toBeTruthy();
    const i = calls.findIndex((c) => c.method === 'POST');
    expect(calls[i]).toEqual({
      method: 'POST',
      path: '/documents',
      body: { documentType: '3', website: '7', file: { name: 'photo.png', size: 9, type: '' } },
    });
    expect(headers[i]?.Authorization).toBe('Bearer t');
    expect(await screen.findByRole('button', { name: 'Download photo.png' })).toBeTruthy();
    // Sent: nothing is pending any more.
    expect(screen.queryByTestId('chosen-file')).toBeNull();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it.each([
    [413, 'The file is larger than the 25 MB limit.', 'The file is larger than the 25 MB limit.'],
    [500, 'database exploded', DocumentMessages.uploadFailed],
  ])('a %i answer shows %s as %s', async (status, serverText, shown) => {
    serveFiles((method, path) =>
      method === 'POST' && path === '/documents'
        ? { status, body: { code: status, message: serverText } }
        : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    choose('photo.png');
    await pickType('License');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(shown)).toBeTruthy();
    // The file stays chosen, to try again.
    expect(screen.getByTestId('chosen-file').textContent).toContain('photo.png');
  });

  it('Cancel upload stops a running upload and keeps the file chosen', async () => {
    const never = new Promise<void>(() => undefined);
    const { calls } = serveFiles((method, path) =>
      method === 'POST' && path === '/documents' ? { body: {}, progress: [0.1], until: never } : undefined,
    );
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    await screen.findByRole('button', { name: 'Download license.pdf' });
    choose('photo.png');
    await pickType('License');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText(UPLOAD_ABORTED)).toBeTruthy();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(screen.getByTestId('chosen-file').textContent).toContain('photo.png');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('when the file types cannot be loaded, it says so instead of offering an empty choice', async () => {
    serveApi((method, path) => {
      if (path === '/portal/websites/7/documents') return { body: DOCS };
      if (path === '/documenttypes') return { status: 400, body: { code: 400, message: 'No types' } };
      return undefined;
    });
    renderWithClient(<FilesTab siteId={7} readOnly={false} />);
    expect(await screen.findByText(/The file types could not be loaded/)).toBeTruthy();
    expect(screen.queryByTestId('upload-panel')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Download license.pdf' })).toBeTruthy();
  });
});
