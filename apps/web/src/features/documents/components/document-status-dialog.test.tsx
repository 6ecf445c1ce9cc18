import { SafMessages, type DocumentSignatureStatus } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Route } from '../../../testing/fake-api.tsx';
import { confirmTitled, dialogTitled } from '../testing.ts';
import { DocumentStatusDialog, statusActionsVisible } from './document-status-dialog.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signers: DocumentSignatureStatus['signers'] = [
  {
    signatory: 'Broker',
    name: 'Bob Broker',
    email: 'bob@example.com',
    state: 'signed',
    date: '2026-03-05T10:00:00',
    declinedBy: null,
  },
  {
    signatory: 'Agent',
    name: 'Alice Agent',
    email: 'alice@example.com',
    state: 'waiting',
    date: null,
    declinedBy: null,
  },
];

const pending: DocumentSignatureStatus = {
  steps: [
    { date: '2026-03-05T09:00:00', description: 'Document Sent', completed: true },
    { date: null, description: 'Document Signed', completed: false },
  ],
  signers,
};
const done: DocumentSignatureStatus = {
  steps: [
    { date: '2026-03-05T09:00:00', description: 'Document Sent', completed: true },
    { date: '2026-03-06T09:00:00', description: 'Document Signed', completed: true },
  ],
  signers,
};
const voided: DocumentSignatureStatus = {
  steps: [
    { date: '2026-03-05T09:00:00', description: 'Document Sent', completed: true },
    { date: '2026-03-06T09:00:00', description: SafMessages.voidStep, completed: true },
  ],
  signers,
};

function serveStatus(status: DocumentSignatureStatus, extra: Route = () => undefined) {
  return serveApi((method, path, body) => {
    const answer = extra(method, path, body);
    if (answer) return answer;
    if (method === 'GET' && path === '/document/5/signatures/status') return { body: status };
    return undefined;
  });
}

function open(readOnly = false, onClose = vi.fn()) {
  return renderWithClient(
    <DocumentStatusDialog documentId={5} label="saf.pdf" owner={7} readOnly={readOnly} onClose={onClose} />,
  );
}

describe('statusActionsVisible', () => {
  it.each([
    [pending, false, true],
    [pending, true, false],
    [done, false, false],
    [voided, false, false],
  ])('%#', (status, readOnly, shown) => expect(statusActionsVisible(status, readOnly)).toBe(shown));
});

describe('Document Status dialog', () => {
  it('shows each step Completed or Not Completed with its date, the progress and the signers', async () => {
    serveStatus(pending);
    open();
    const steps = await screen.findAllByTestId('status-step');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Document SentCompleted · 03/05/2026 9:00 AM',
      'Document SignedNot Completed',
    ]);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    // The count reads beside the bar.
    expect(screen.getByTestId('signed-count').textContent).toBe('1 of 2 signed');
    expect(screen.getAllByTestId('signer').map((s) => s.textContent)).toEqual([
      'Broker: Bob Broker (bob@example.com) — Signed · 03/05/2026 10:00 AM',
      'Agent: Alice Agent (alice@example.com) — Waiting to sign',
    ]);
    // Each action says what it does in visible text, not only through an icon.
    expect(screen.getByRole('button', { name: 'Send Reminder' }).textContent).toContain('Send Reminder');
    expect(screen.getByRole('button', { name: 'Void Document' }).textContent).toContain('Void Document');
  });

  it.each([
    ['at 100 %', done, false],
    ['when voided', voided, false],
    ['for the read-only role', pending, true],
  ])('has no Send Reminder or Void Document %s', async (_, status, readOnly) => {
    serveStatus(status);
    open(readOnly);
    await screen.findAllByTestId('status-step');
    expect(screen.queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void Document' })).toBeNull();
    if (status === done) expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('offers only Void Document after a decline: there is no one left to remind', async () => {
    serveStatus({
      steps: [
        pending.steps[0]!,
        { date: '2026-03-06T09:00:00', description: 'Declined by Bob Broker: no', completed: false },
      ],
      signers: [
        { ...signers[0]!, state: 'declined', date: null },
        { ...signers[1]!, state: 'not-needed', declinedBy: 'Bob Broker' },
      ],
    });
    const { client } = open();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await screen.findAllByTestId('status-step');
    // The other signer is no longer waiting: the decline ended the form.
    expect(screen.getAllByTestId('signer').map((s) => s.textContent)).toEqual([
      'Broker: Bob Broker (bob@example.com) — Declined',
      'Agent: Alice Agent (alice@example.com) — Not needed: declined by Bob Broker',
    ]);
    expect(screen.queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Void Document' })).toBeTruthy();
    // The file list behind it is refreshed, so the file shows Declined.
    await waitFor(() =>
      expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toContainEqual(queryKeys.documents.site(7)),
    );
  });

  it.each([
    ['signed by everyone', done, true],
    ['voided elsewhere', voided, true],
    ['still out for signature', pending, false],
  ])('refreshes the file list and the dashboard when the form is %s', async (_, status, refreshed) => {
    serveStatus(status);
    const { client } = open();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await screen.findAllByTestId('status-step');
    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    if (refreshed)
      await waitFor(() =>
        expect(keys()).toEqual(
          expect.arrayContaining([queryKeys.documents.site(7), queryKeys.dashboard.metadata]),
        ),
      );
    else expect(keys()).toEqual([]);
  });

  it('Send Reminder asks (Resend SAF); OK resends and says Form Resent', async () => {
    const { calls } = serveStatus(pending, (method, path) =>
      method === 'PUT' && path === '/document/5/signatures/resend' ? { body: { message: 'ok' } } : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reminder' }));
    const box = await waitFor(() => confirmTitled(SafMessages.resendConfirmTitle));
    expect(box.textContent).toContain(SafMessages.resendConfirm);
    fireEvent.click(within(box).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(SafMessages.resent)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('Send Reminder cancelled says Resend Cancelled and sends nothing', async () => {
    const { calls } = serveStatus(pending);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reminder' }));
    const box = await waitFor(() => confirmTitled(SafMessages.resendConfirmTitle));
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(SafMessages.resendCancelled)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Void Document takes a reason, voids, says Document Voided and closes the dialog', async () => {
    const { calls } = serveStatus(pending, (method, path) =>
      method === 'PUT' && path === '/document/5/signatures/void' ? { body: { message: 'ok' } } : undefined,
    );
    const onClose = vi.fn();
    open(false, onClose);
    fireEvent.click(await screen.findByRole('button', { name: 'Void Document' }));
    const dialog = await waitFor(() => dialogTitled(SafMessages.voidConfirmTitle));
    expect(dialog.textContent).toContain(SafMessages.voidConfirm);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText(SafMessages.voidReasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong broker' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText(SafMessages.voided)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/document/5/signatures/void',
      body: { reason: 'Wrong broker' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('Void Document cancelled says Void Cancelled', async () => {
    const { calls } = serveStatus(pending);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Void Document' }));
    const dialog = await waitFor(() => dialogTitled(SafMessages.voidConfirmTitle));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(SafMessages.voidCancelled)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
