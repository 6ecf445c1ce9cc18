import { VerifyMessages, type VerifyResult } from '@vp/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-api.tsx';
import VerifyPage from './verify-page.tsx';

const CERTIFICATE = {
  subject: 'CN=Vendor Portal Document Sealing',
  issuer: 'CN=Vendor Portal Document Sealing',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2036-01-01T00:00:00.000Z',
  sha256Fingerprint: 'AB:CD:EF:01',
};

const HASH = 'a'.repeat(64);

const SEALED: VerifyResult = {
  result: 'sealed',
  message: VerifyMessages.sealed,
  sha256: HASH,
  document: {
    label: 'Site Access Form',
    domainName: 'peaks-realty.example',
    vendorName: 'Summit Web Solutions',
    sealedAt: '2026-11-20T15:30:00.000Z',
    signers: [
      { signatory: 'Broker', name: 'Dana Ortiz', typedName: null, signedAt: '2026-11-20T15:29:00.000Z' },
      {
        signatory: 'Agent',
        name: 'Lee Park',
        typedName: 'Mallory Impostor',
        signedAt: '2026-11-19T09:00:00.000Z',
      },
    ],
    certificate: { ...CERTIFICATE, subject: 'CN=Vendor Portal Seal 2026' },
  },
};

/** A fake server for the two verify calls; records the uploaded file. */
function serveVerify(answer: { status?: number; body: unknown }, certificate: unknown = CERTIFICATE) {
  const uploads: File[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/verify/certificate') return json(certificate, certificate ? 200 : 404);
      if (url === '/api/verify' && init?.method === 'POST') {
        const file = (init.body as FormData).get('file');
        if (file instanceof File) uploads.push(file);
        return json(answer.body, answer.status ?? 200);
      }
      return json({ code: 404, message: 'Not found' }, 404);
    }),
  );
  return uploads;
}

const pdf = (name = 'saf.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verify page', () => {
  it("shows the portal's certificate up front", async () => {
    serveVerify({ body: SEALED });
    render(<VerifyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a Signed Document' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: "The portal's sealing certificate" });
    expect(section.textContent).toContain('CN=Vendor Portal Document Sealing');
    expect(section.textContent).toContain('AB:CD:EF:01');
  });

  it('asks for a file before sending anything', async () => {
    const uploads = serveVerify({ body: SEALED });
    render(<VerifyPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe(VerifyMessages.fileRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('Drop a PDF here or choose one'));
    expect(uploads).toHaveLength(0);
  });

  it('a sealed PDF: the document, its signers, the certificate and the hash', async () => {
    const uploads = serveVerify({ body: SEALED });
    render(<VerifyPage />);
    fireEvent.change(screen.getByLabelText('Drop a PDF here or choose one'), { target: { files: [pdf()] } });
    expect(screen.getByText('saf.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Sealed and unchanged' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe(VerifyMessages.sealed);
    const result = screen.getByRole('region', { name: 'Sealed and unchanged' });
    for (const text of [
      'Site Access Form',
      'peaks-realty.example',
      'Summit Web Solutions',
      'Dana Ortiz (Broker)',
      'Lee Park (Agent)',
    ])
      expect(result.textContent).toContain(text);
    expect(screen.getByRole('region', { name: 'Sealing certificate' }).textContent).toContain(
      'CN=Vendor Portal Seal 2026',
    );
    expect(result.textContent).toContain(`SHA-256 of this file: ${HASH}`);
    // Each signer is the signatory the form was sent to; what they typed is shown where it differs.
    const signers = [...result.querySelectorAll('.vp-sign-others li')].map((li) => li.textContent ?? '');
    expect(signers[0]).not.toContain('typed');
    expect(signers[1]).toMatch(/^Lee Park \(Agent\), .+, typed: Mallory Impostor$/);
    expect(uploads.map((f) => f.name)).toEqual(['saf.pdf']);
  });

  it.each([
    ['altered', VerifyMessages.altered, 'Changed after sealing'],
    ['unknown', VerifyMessages.unknown, 'Not sealed by the Vendor Portal'],
    ['not-pdf', VerifyMessages.notPdf, 'Not a PDF'],
  ] as const)('%s: the message and the hash', async (kind, message, title) => {
    serveVerify({ body: { result: kind, message, sha256: HASH, document: null } });
    render(<VerifyPage />);
    fireEvent.change(screen.getByLabelText('Drop a PDF here or choose one'), { target: { files: [pdf()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const region = await screen.findByRole('region', { name: title });
    expect(region.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(region.textContent).toContain(HASH);
    expect(region.textContent).not.toContain('Signed by');
  });

  it('a dropped file is verified like a chosen one', async () => {
    const uploads = serveVerify({ body: SEALED });
    render(<VerifyPage />);
    fireEvent.drop(screen.getByTestId('verify-drop'), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 2, name: 'Sealed and unchanged' });
    expect(uploads.map((f) => f.name)).toEqual(['dropped.pdf']);
  });

  it("a refusal shows the server's message; the page works without the certificate", async () => {
    serveVerify({ status: 413, body: { code: 413, message: 'The file is larger than 25 MB.' } }, null);
    render(<VerifyPage />);
    fireEvent.change(screen.getByLabelText('Drop a PDF here or choose one'), { target: { files: [pdf()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file is larger than 25 MB.'));
    expect(screen.queryByRole('region', { name: "The portal's sealing certificate" })).toBeNull();
  });
});
