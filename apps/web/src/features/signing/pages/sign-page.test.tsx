import { SigningLinkMessages, type SigningView } from '@vp/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi, type Route } from '../../../testing/fake-api.tsx';
import SignPage from './sign-page.tsx';

// pdf.js and canvas drawing do not run under happy-dom: the viewer and the pad are stood in for
// here, and drawn for real in the e2e specs (e2e/specs/signing-*.spec.ts).
vi.mock('../components/pdf-viewer.tsx', () => ({
  default: ({ url, title }: { url: string; title: string }) => (
    <p data-testid="pdf-stand-in">
      {title} from {url}
    </p>
  ),
}));

const DRAWN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

vi.mock('../components/signature-pad-canvas.tsx', () => ({
  default: ({ onChange }: { onChange: (image: string | null) => void }) => (
    <div>
      <button type="button" onClick={() => onChange(DRAWN)}>
        Draw a test signature
      </button>
      <button type="button" onClick={() => onChange(null)}>
        Clear
      </button>
    </div>
  ),
}));

const TOKEN = 'tok_ABC-123';

function view(overrides: Partial<SigningView> = {}): SigningView {
  return {
    documentLabel: 'Site Access Form',
    domainName: 'peaks-realty.example',
    vendorName: 'Summit Web Solutions',
    signatory: 'Broker',
    name: 'Dana Ortiz',
    email: 'dana@peaks.example',
    consented: false,
    expiresAt: '2026-12-07T10:00:00.000Z',
    others: [{ signatory: 'Agent', name: 'Lee Park', signed: true }],
    ...overrides,
  };
}

function openAt(route: Route, path = `/sign/${TOKEN}`) {
  window.history.replaceState(null, '', path);
  const api = serveApi(route);
  render(<SignPage />);
  return api;
}

/** The signing link's calls, answered as the server would for a fresh, valid link. */
function validLink(extra: Route = () => undefined, base: Partial<SigningView> = {}): Route {
  return (method, path, body) =>
    extra(method, path, body) ??
    (method === 'GET' && path === `/sign/${TOKEN}`
      ? { body: view(base) }
      : method === 'POST' && path === `/sign/${TOKEN}/consent`
        ? { body: { message: 'ok' } }
        : undefined);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function ready() {
  return screen.findByRole('heading', { level: 1, name: 'Sign the Site Access Form' });
}

describe('signing page: loading and unusable links', () => {
  it('says it is loading until the link answers', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    window.history.replaceState(null, '', `/sign/${TOKEN}`);
    render(<SignPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading the document to sign…');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    answer(new Response(JSON.stringify(view()), { headers: { 'Content-Type': 'application/json' } }));
    expect(await ready()).toBeTruthy();
  });

  it.each([
    [404, SigningLinkMessages.invalid, 'This signing link does not work'],
    [410, SigningLinkMessages.expired, 'This signing link has expired'],
    [410, SigningLinkMessages.used, 'Already signed'],
    [410, SigningLinkMessages.declined, 'You declined to sign'],
    [410, SigningLinkMessages.voided, 'This document was withdrawn'],
    [410, SigningLinkMessages.completed, 'Signed by everyone'],
  ])('a %i "%s" gets its own page: %s', async (status, message, title) => {
    openAt((method, path) =>
      method === 'GET' && path === `/sign/${TOKEN}` ? { status, body: { code: status, message } } : undefined,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByRole('alert').textContent).toBe(message);
    // What to do next, and nothing to sign.
    expect(heading.nextElementSibling?.nextElementSibling?.textContent).toMatch(/\w/);
    expect(screen.queryByRole('button', { name: 'Sign the document' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('an address without a token is an invalid link, without asking the server', () => {
    const { calls } = openAt(() => undefined, '/sign/');
    expect(screen.getByRole('heading', { level: 1, name: 'This signing link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SigningLinkMessages.invalid);
    expect(calls).toHaveLength(0);
  });

  it('a server failure says so without details and offers to try again', async () => {
    let fail = true;
    openAt((method, path) =>
      method === 'GET' && path === `/sign/${TOKEN}`
        ? fail
          ? { status: 500, body: { code: 500, message: 'TypeError: x is undefined at foo.ts:12' } }
          : { body: view() }
        : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'The document could not be loaded' });
    expect(screen.getByRole('alert').textContent).not.toMatch(/TypeError|foo\.ts/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await ready()).toBeTruthy();
  });
});

describe('signing page: the form', () => {
  it('shows what is signed, by whom, the document and its PDF link', async () => {
    openAt(validLink());
    await ready();
    expect(screen.getByText(/Summit Web Solutions asks you to sign the Site Access Form/)).toBeTruthy();
    expect(screen.getByText('peaks-realty.example')).toBeTruthy();
    expect(screen.getByText(/Dana Ortiz \(Broker\), dana@peaks\.example/)).toBeTruthy();
    expect(screen.getByText(/Lee Park \(Agent\)/).textContent).toContain('signed');
    const link = screen.getByRole('link', { name: 'Open or download the PDF' });
    expect(link.getAttribute('href')).toBe(`/api/sign/${TOKEN}/document`);
    expect((await screen.findByTestId('pdf-stand-in')).textContent).toBe(
      `Site Access Form from /api/sign/${TOKEN}/document`,
    );
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Dana Ortiz');
  });

  it('names the document without its file extension and a broker of one office without nested parentheses', async () => {
    openAt(
      validLink(undefined, {
        documentLabel: 'Site Access Form - peaks-realty.example.pdf',
        signatory: 'Broker (Bayside Premier Realty)',
        others: [{ signatory: 'Broker (Harbor Homes)', name: 'Lee Park', signed: false }],
      }),
    );
    await screen.findByRole('heading', {
      level: 1,
      name: 'Sign the Site Access Form - peaks-realty.example',
    });
    expect(screen.getByText(/asks you to sign/).textContent).not.toContain('.pdf');
    // The lead names the website once.
    expect(screen.getByText(/asks you to sign/).textContent).toMatch(
      /asks you to sign the Site Access Form for the website peaks-realty\.example\.$/,
    );
    expect(
      screen.getByText(/Dana Ortiz \(Broker, Bayside Premier Realty\), dana@peaks\.example/),
    ).toBeTruthy();
    expect(screen.getByText(/Lee Park \(Broker, Harbor Homes\)/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('))');
  });

  it('opens the document full screen and closes it with Escape, focus back on its button', async () => {
    openAt(validLink());
    await ready();
    const open = screen.getByRole('button', { name: 'View full screen' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Site Access Form, full screen' });
    expect(await within(dialog).findByTestId('pdf-stand-in')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close full screen' })),
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('refuses to sign without consent, a name or a signature, with the contract texts', async () => {
    const { calls } = openAt(validLink());
    await ready();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      SigningLinkMessages.consentRequired,
      SigningLinkMessages.nameRequired,
      SigningLinkMessages.signatureRequired,
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await waitFor(() => expect(document.activeElement?.id).toBe('sign-consent'));
  });

  it('consents once on ticking, then signs with a drawn signature', async () => {
    const { calls } = openAt(
      validLink((method, path) =>
        method === 'POST' && path === `/sign/${TOKEN}`
          ? { body: { message: SigningLinkMessages.signed, completed: false } }
          : undefined,
      ),
    );
    await ready();
    const consent = screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ });
    fireEvent.click(consent);
    await waitFor(() => expect((consent as HTMLInputElement).checked).toBe(true));
    // Unticking and ticking again does not record consent twice.
    fireEvent.click(consent);
    fireEvent.click(consent);
    expect((consent as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((c) => c.path.endsWith('/consent'))).toEqual([
      { method: 'POST', path: `/sign/${TOKEN}/consent`, body: { consent: true } },
    ]);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '  Dana M. Ortiz ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Draw a test signature' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Signed' });
    expect(screen.getByRole('status').textContent).toBe(SigningLinkMessages.signed);
    expect(screen.getByText(/When everyone has signed, we email you a link to your copy/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify a document' }).getAttribute('href')).toBe('/verify');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: `/sign/${TOKEN}`,
      body: { fullName: 'Dana M. Ortiz', signature: { kind: 'drawn', image: DRAWN } },
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('signs with the typed name instead, shown in a signature style; the last signer completes it', async () => {
    const { calls } = openAt(
      validLink(
        (method, path) =>
          method === 'POST' && path === `/sign/${TOKEN}`
            ? { body: { message: SigningLinkMessages.signed, completed: true } }
            : undefined,
        { consented: true },
      ),
    );
    await ready();
    // Consent given on an earlier visit is already ticked and not sent again.
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Type my signature instead' }));
    expect(screen.getByTestId('typed-signature').textContent).toBe('Dana Ortiz');
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    await screen.findByRole('heading', { level: 1, name: 'Signed' });
    expect(screen.getByText(/Everyone has now signed/).textContent).toContain(
      'We have emailed you a link to your copy',
    );
    // The signer can check their copy where anyone can.
    expect(screen.getByRole('link', { name: 'Verify a document' }).getAttribute('href')).toBe('/verify');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/sign/${TOKEN}`,
        body: { fullName: 'Dana Ortiz', signature: { kind: 'typed' } },
      },
    ]);
  });

  it('switching back to drawing asks for a new drawing', async () => {
    openAt(validLink(undefined, { consented: true }));
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Draw a test signature' }));
    fireEvent.click(screen.getByRole('button', { name: 'Type my signature instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Draw my signature instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(screen.getByRole('alert').textContent).toBe(SigningLinkMessages.signatureRequired);
  });

  it('a link that dies while the page is open (voided) turns into its page on signing', async () => {
    openAt(
      validLink(
        (method, path) =>
          method === 'POST' && path === `/sign/${TOKEN}`
            ? { status: 410, body: { code: 410, message: SigningLinkMessages.voided } }
            : undefined,
        { consented: true },
      ),
    );
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Type my signature instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This document was withdrawn' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SigningLinkMessages.voided);
  });

  it("a refused signature shows the server's message on the form", async () => {
    openAt(
      validLink(
        (method, path) =>
          method === 'POST' && path === `/sign/${TOKEN}`
            ? { status: 400, body: { code: 400, message: SigningLinkMessages.consentRequired } }
            : undefined,
        { consented: true },
      ),
    );
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Type my signature instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(SigningLinkMessages.consentRequired),
    );
    expect(screen.getByRole('button', { name: 'Sign the document' })).toBeTruthy();
  });
});

describe("signing page: the signer's typed name", () => {
  const signing = (answer?: { status: number; body: unknown }) =>
    openAt(
      validLink(
        (method, path) =>
          method === 'POST' && path === `/sign/${TOKEN}`
            ? (answer ?? { body: { message: SigningLinkMessages.signed, completed: false } })
            : undefined,
        { consented: true },
      ),
    );
  const signCalls = (calls: { method: string; path: string; body?: unknown }[]) =>
    calls.filter((c) => c.method === 'POST' && c.path === `/sign/${TOKEN}`);

  function signAs(name: string) {
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Type my signature instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
  }

  it('asks before signing with a name unlike the signatory’s; Change the name goes back to the field', async () => {
    const { calls } = signing();
    await ready();
    signAs('Mallory Impostor');
    const ask = await screen.findByRole('group', { name: 'Sign with a different name?' });
    expect(ask.textContent).toContain('This form was sent to Dana Ortiz (Broker).');
    expect(ask.textContent).toContain('The name you typed, “Mallory Impostor”, does not look like theirs.');
    expect(ask.textContent).toContain(
      'name Dana Ortiz as the signer, with “Mallory Impostor” shown as what you typed',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Sign with a different name?' }),
      ),
    );
    expect(signCalls(calls)).toEqual([]);

    fireEvent.click(within(ask).getByRole('button', { name: 'Change the name' }));
    expect(screen.queryByRole('group', { name: 'Sign with a different name?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(screen.getByRole('button', { name: 'Sign the document' })).toBeTruthy();
    expect(signCalls(calls)).toEqual([]);
  });

  it('Sign anyway sends the typed name with the confirmation', async () => {
    const { calls } = signing();
    await ready();
    signAs('Mallory Impostor');
    const ask = await screen.findByRole('group', { name: 'Sign with a different name?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Sign anyway' }));
    await screen.findByRole('heading', { level: 1, name: 'Signed' });
    expect(signCalls(calls)).toEqual([
      {
        method: 'POST',
        path: `/sign/${TOKEN}`,
        body: { fullName: 'Mallory Impostor', signature: { kind: 'typed' }, confirmName: true },
      },
    ]);
  });

  it.each(['Ortiz, Dana', 'D. Ortiz', 'DANA ORTIZ', 'Dana M. Ortiz'])(
    '%s resembles Dana Ortiz and signs without asking',
    async (name) => {
      const { calls } = signing();
      await ready();
      signAs(name);
      await screen.findByRole('heading', { level: 1, name: 'Signed' });
      expect(signCalls(calls)).toEqual([
        { method: 'POST', path: `/sign/${TOKEN}`, body: { fullName: name, signature: { kind: 'typed' } } },
      ]);
    },
  );

  it("asks when the server refuses the name as unlike the signatory's", async () => {
    signing({ status: 400, body: { code: 400, message: SigningLinkMessages.nameMismatch('Dana Ortiz') } });
    await ready();
    signAs('Dana Ortiz');
    expect(await screen.findByRole('group', { name: 'Sign with a different name?' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('signing page: declining', () => {
  it('asks for a reason, confirms, then declines', async () => {
    const { calls } = openAt(
      validLink((method, path) =>
        method === 'POST' && path === `/sign/${TOKEN}/decline`
          ? { body: { message: SigningLinkMessages.declinedDone } }
          : undefined,
      ),
    );
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }));
    const form = screen.getByRole('form', { name: 'Decline to sign' });
    const reason = within(form).getByLabelText('Why do you decline? The sender will read this.');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByRole('alert').textContent).toBe(SigningLinkMessages.declineReasonRequired);

    fireEvent.change(reason, { target: { value: 'The office name is wrong.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    const confirmHeading = screen.getByRole('heading', { name: 'Decline this document?' });
    await waitFor(() => expect(document.activeElement).toBe(confirmHeading));
    expect(screen.getByText('The office name is wrong.')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/decline'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    await screen.findByRole('heading', { level: 1, name: 'Declined' });
    expect(screen.getByRole('status').textContent).toBe(SigningLinkMessages.declinedDone);
    expect(calls.filter((c) => c.path.endsWith('/decline'))).toEqual([
      { method: 'POST', path: `/sign/${TOKEN}/decline`, body: { reason: 'The office name is wrong.' } },
    ]);
  });

  it('going back and cancelling leave the link untouched', async () => {
    const { calls } = openAt(validLink());
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }));
    fireEvent.change(screen.getByLabelText('Why do you decline? The sender will read this.'), {
      target: { value: 'Not now' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(
      (screen.getByLabelText('Why do you decline? The sender will read this.') as HTMLTextAreaElement).value,
    ).toBe('Not now');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Decline to sign' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
