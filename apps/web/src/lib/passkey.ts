import { MfaMessages } from '@vp/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { loadChunk } from './chunk-load.ts';
import { ApiError, errorMessage } from './http.ts';

/**
 * The browser's passkey ceremonies, for the login page and the profile. The WebAuthn code loads
 * only when a passkey is used, so the login page stays small for everyone who types a password.
 */

export const PasskeyTexts = {
  canceled: 'No passkey was used. Please try again.',
  registered: 'This passkey is set up already.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

/** Whether this browser can use a passkey at all. */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';
}

const loadWebAuthn = () => loadChunk(() => import('@simplewebauthn/browser'));

/** Asks the browser for a passkey to sign in with; answers what the server checks. */
export async function getPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await loadWebAuthn();
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return answer as unknown as Record<string, unknown>;
}

/** Asks the browser to make a new passkey; answers what the server checks and keeps. */
export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await loadWebAuthn();
  const answer = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return answer as unknown as Record<string, unknown>;
}

/** What to tell the user when a passkey step fails: the server's refusal, or what the browser said. */
export function passkeyErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err);
  if (!passkeysAvailable()) return PasskeyTexts.unsupported;
  const name = err instanceof Error ? err.name : '';
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  // The browser says NotAllowedError when the person closes its prompt or lets it time out.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return PasskeyTexts.canceled;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return PasskeyTexts.registered;
  return MfaMessages.passkeyFailed;
}
