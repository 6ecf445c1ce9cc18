import { vi } from 'vitest';

/**
 * A browser that can use passkeys, for component tests: `PublicKeyCredential` exists, and the
 * browser's prompt answers at once with a fixed credential (or fails as `fail` says, e.g. when the
 * person closes it). `restore` puts the test DOM's own back.
 */
export function stubPasskeys(options: { fail?: string } = {}) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const answer = (response: Record<string, unknown>) => {
    if (options.fail) return Promise.reject(new DOMException('The prompt was closed.', options.fail));
    return Promise.resolve({
      id: 'Y3JlZC0x',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response,
      getClientExtensionResults: () => ({}),
    });
  };
  const credentials = {
    get: vi.fn(() =>
      answer({
        authenticatorData: bytes('auth-data'),
        clientDataJSON: bytes('{"type":"webauthn.get"}'),
        signature: bytes('signature'),
        userHandle: bytes('user-1'),
      }),
    ),
    create: vi.fn(() =>
      answer({
        attestationObject: bytes('attestation'),
        clientDataJSON: bytes('{"type":"webauthn.create"}'),
        getTransports: () => ['internal'],
      }),
    ),
  };
  vi.stubGlobal(
    'PublicKeyCredential',
    class PublicKeyCredential {
      static isConditionalMediationAvailable = () => Promise.resolve(false);
    },
  );
  const own = Object.getOwnPropertyDescriptor(navigator, 'credentials');
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return {
    credentials,
    restore: () => {
      if (own) Object.defineProperty(navigator, 'credentials', own);
      else delete (navigator as unknown as Record<string, unknown>).credentials;
    },
  };
}

/** Options the server would answer for a passkey sign-in or a new passkey (challenge in base64url). */
export const passkeyRequestOptions = {
  challenge: 'Y2hhbGxlbmdlLTE',
  rpId: 'localhost',
  allowCredentials: [],
};
export const passkeyCreationOptions = {
  challenge: 'Y2hhbGxlbmdlLTI',
  rp: { name: 'Vendor Portal', id: 'localhost' },
  user: { id: 'dXNlci0x', name: 'demo', displayName: 'Dana Whitfield' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};
