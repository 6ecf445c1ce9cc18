import { SafMessages, type DocumentInfo, type SafSignatory } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { setAccount, setToken } from '../../lib/session.ts';
import { renderWithClient, serveApi, type Answer, type Route } from '../../testing/fake-api.tsx';
import { confirmTitled, dialogTitled, doc, TYPES } from './testing.ts';
import { SafFlowTexts, useSafFlow } from './use-saf-flow.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SIGNATORIES: SafSignatory[] = [
  { signatory: 'Broker', canOverride: false, name: 'Bob Broker', email: 'bob@example.com' },
  { signatory: 'Agent', canOverride: true, name: 'Alice Agent', email: 'alice@example.com' },
];

const liveSafDoc = doc({
  rowKey: 11,
  label: 'SAF.pdf',
  typeId: 1,
  typeString: 'SAF',
  signatureRequired: true,
});

function Harness({
  dirty = false,
  save = async () => true,
}: {
  dirty?: boolean;
  save?: () => Promise<boolean>;
}) {
  const saf = useSafFlow({
    site: { id: 7, domainName: 'summit-homes.example.com', brokerMlsId: 'K001' },
    readOnly: false,
    dirty: () => dirty,
    save,
  });
  return (
    <>
      {saf.typeExists && <button onClick={saf.start}>SAF</button>}
      {saf.dialogs}
    </>
  );
}

interface Serve {
  type?: Answer;
  docs?: DocumentInfo[] | Answer;
  signatories?: Answer;
  send?: Answer;
  extra?: Route;
}

function serveSaf(o: Serve = {}) {
  return serveApi((method, path, body) => {
    const extra = o.extra?.(method, path, body);
    if (extra) return extra;
    if (path === '/documenttypes/required?name=saf') return o.type ?? { body: TYPES[0] };
    if (path === '/portal/websites/7/documents')
      return Array.isArray(o.docs) ? { body: o.docs } : (o.docs ?? { body: [] });
    if (method === 'GET' && path === '/documenttype/1/sign?website=7')
      return o.signatories ?? { body: SIGNATORIES };
    if (method === 'POST' && path === '/documenttype/1/sign')
      return o.send ?? { status: 201, body: { message: SafMessages.sent, documentId: 12 } };
    if (method === 'PUT' && path === '/document/11/signatures/void') return { body: { message: 'ok' } };
    return undefined;
  });
}

const safButton = () => screen.findByRole('button', { name: 'SAF' });
const signatoryDialog = () => waitFor(() => dialogTitled('Site Access Form'));

describe('SAF button', () => {
  it('is not offered when no SAF type exists (404)', async () => {
    serveSaf({ type: { status: 404, body: { code: 404, message: 'none' } } });
    const { client } = renderWithClient(<Harness />);
    await waitFor(() =>
      expect(client.getQueryState(queryKeys.documents.requiredType('saf'))?.status).toBe('success'),
    );
    expect(screen.queryByRole('button', { name: 'SAF' })).toBeNull();
  });

  it('when the SAF type cannot be checked, pressing it says Failed to check SAF', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveSaf({ type: { status: 500, body: { code: 500, message: 'down' } } });
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    expect(await screen.findByText(SafMessages.checkFailed)).toBeTruthy();
  });

  it("when the site's documents cannot be read, it says Failed to check SAF", async () => {
    serveSaf({ docs: { status: 400, body: { code: 400, message: 'no' } } });
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    expect(await screen.findByText(SafMessages.checkFailed)).toBeTruthy();
  });
});

describe('SAF signatory dialog', () => {
  it('lists the signatories; only an overridable one can be edited; Send posts the request', async () => {
    const { calls } = serveSaf();
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    const dialog = await signatoryDialog();
    const brokerName = (await within(dialog).findByLabelText('Broker name')) as HTMLInputElement;
    expect(brokerName.value).toBe('Bob Broker');
    expect(brokerName.readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Broker email') as HTMLInputElement).readOnly).toBe(true);
    const agentEmail = within(dialog).getByLabelText('Agent email') as HTMLInputElement;
    expect(agentEmail.readOnly).toBe(false);
    fireEvent.change(agentEmail, { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(SafMessages.emailInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(agentEmail, { target: { value: 'alice@new.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SafMessages.sent)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fields: { mlsId: 'K001', domainName: 'summit-homes.example.com' },
      id: 7,
      type: 'website',
      signatures: [SIGNATORIES[0], { ...SIGNATORIES[1], email: 'alice@new.example.com' }],
    });
    await waitFor(() => expect(() => dialogTitled('Site Access Form')).toThrow());
  });

  it('gives focus back to the SAF button when the dialog is closed', async () => {
    serveSaf();
    renderWithClient(<Harness />);
    const button = await safButton();
    button.focus();
    fireEvent.click(button);
    const dialog = await signatoryDialog();
    await within(dialog).findByLabelText('Broker name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('a failed signatory load says Failed to load signatory data', async () => {
    serveSaf({ signatories: { status: 400, body: { code: 400, message: 'no' } } });
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    expect(await screen.findByText(SafMessages.loadSignatoriesFailed)).toBeTruthy();
  });

  it.each([
    [
      'a 4xx: the server message',
      { status: 409, body: { code: 409, message: SafMessages.alreadyPending } },
      SafMessages.alreadyPending,
    ],
    ['a 500', { status: 500, body: { code: 500, message: 'boom' } }, SafMessages.serverFailed],
    ['no documentId', { status: 200, body: { message: 'ok' } }, SafMessages.notSent],
  ])('Send with %s', async (_, send, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveSaf({ send });
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    const dialog = await signatoryDialog();
    await within(dialog).findByLabelText('Broker name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(text)).toBeTruthy();
    // Still open, to try again.
    expect(dialogTitled('Site Access Form')).toBeTruthy();
  });

  it('Send when the server cannot be reached says Failed to request SAF form', async () => {
    const { fetchMock } = serveSaf();
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    const dialog = await signatoryDialog();
    await within(dialog).findByLabelText('Broker name');
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'POST') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SafMessages.requestFailed)).toBeTruthy();
  });
});

describe('unsaved changes before a SAF', () => {
  it('asks to save first; Cancel says Canceled and goes no further', async () => {
    const save = vi.fn(async () => true);
    const { calls } = serveSaf();
    renderWithClient(<Harness dirty save={save} />);
    fireEvent.click(await safButton());
    const box = await waitFor(() => confirmTitled(SafFlowTexts.saveFirstTitle));
    expect(box.textContent).toContain(SafFlowTexts.saveFirst);
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(SafMessages.canceled)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/portal/websites/7/documents')).toBe(false);
  });

  it('Save saves, then the SAF goes on', async () => {
    const save = vi.fn(async () => true);
    serveSaf();
    renderWithClient(<Harness dirty save={save} />);
    fireEvent.click(await safButton());
    const box = await waitFor(() => confirmTitled(SafFlowTexts.saveFirstTitle));
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await signatoryDialog();
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('Resend SAF dialog (a live SAF exists)', () => {
  async function openResend() {
    fireEvent.click(await safButton());
    return waitFor(() => dialogTitled(SafMessages.resendConfirmTitle));
  }

  it('Cancel says Canceled', async () => {
    const { calls } = serveSaf({ docs: [liveSafDoc] });
    renderWithClient(<Harness />);
    const dialog = await openResend();
    expect(within(dialog).getByRole('button', { name: 'Void & Resend' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Void' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(SafMessages.canceled)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a voided SAF does not count: the signatory dialog opens at once', async () => {
    serveSaf({ docs: [{ ...liveSafDoc, voided: true }] });
    renderWithClient(<Harness />);
    fireEvent.click(await safButton());
    await signatoryDialog();
  });

  it('Void voids with a reason and says Document Voided, with no new SAF', async () => {
    const { calls } = serveSaf({ docs: [liveSafDoc] });
    renderWithClient(<Harness />);
    fireEvent.click(within(await openResend()).getByRole('button', { name: 'Void' }));
    const reason = await waitFor(() => dialogTitled(SafMessages.voidConfirmTitle));
    fireEvent.change(within(reason).getByLabelText('Reason'), { target: { value: 'Broker left' } });
    fireEvent.click(within(reason).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText(SafMessages.voided)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ reason: 'Broker left' });
    expect(calls.some((c) => c.path.startsWith('/documenttype/1/sign'))).toBe(false);
  });

  it('Void & Resend voids, then opens the signatory dialog for a fresh SAF', async () => {
    const { calls } = serveSaf({ docs: [liveSafDoc] });
    renderWithClient(<Harness />);
    fireEvent.click(within(await openResend()).getByRole('button', { name: 'Void & Resend' }));
    const reason = await waitFor(() => dialogTitled(SafMessages.voidConfirmTitle));
    fireEvent.change(within(reason).getByLabelText('Reason'), { target: { value: 'New broker' } });
    fireEvent.click(within(reason).getByRole('button', { name: 'Void & Resend' }));
    await signatoryDialog();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it.each([
    ['Void', SafMessages.voidCancelled],
    ['Void & Resend', SafMessages.voidResendCancelled],
  ])('%s, then Cancel on the reason, says %s', async (button, text) => {
    const { calls } = serveSaf({ docs: [liveSafDoc] });
    renderWithClient(<Harness />);
    fireEvent.click(within(await openResend()).getByRole('button', { name: button }));
    const reason = await waitFor(() => dialogTitled(SafMessages.voidConfirmTitle));
    fireEvent.click(within(reason).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
