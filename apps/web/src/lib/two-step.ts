import { formatRecoveryCode, PRODUCT_NAME } from '@vp/contract';

/**
 * What the login page and the profile both show of two-step sign-in: an authenticator app's QR code
 * and key, and the recovery codes a user keeps.
 */

export const TwoStepTexts = {
  qrAlt: 'QR code to scan with your authenticator app',
  scan: 'Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).',
  typeKey: 'Or type this key into the app:',
  copyKey: 'Copy key',
  keyCopied: 'The key is copied.',
  copyCodes: 'Copy codes',
  codesCopied: 'The codes are copied.',
  downloadCodes: 'Download .txt',
  copyFailed: 'That could not be copied. Select the text and copy it yourself.',
  codesTitle: 'Save your recovery codes',
  codesIntro:
    'If you cannot use your authenticator app or passkey, each of these codes lets you log in once. Keep them somewhere safe, such as a password manager. They will not be shown again.',
  codesSaved: 'I have saved my recovery codes',
  codeLabel: 'Code from the app',
  nameLabel: 'Name',
  passkeyNameHint: 'So you can tell your passkeys apart, e.g. "Work laptop".',
  defaultPasskeyName: 'Passkey',
  defaultAppName: 'Authenticator app',
} as const;

/** The QR code's SVG as an image address: drawn as a picture, so nothing in it runs. */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** The key in groups of four, as people type it into an app. */
export function groupedKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The recovery codes as text to copy or keep in a file, one a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return `${codes.map(formatRecoveryCode).join('\n')}\n`;
}

/** Saves the recovery codes as a text file. */
export function downloadRecoveryCodes(codes: readonly string[]): void {
  const text = `${PRODUCT_NAME} recovery codes\nEach code works once.\n\n${recoveryCodesText(codes)}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Puts text on the clipboard; answers whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
