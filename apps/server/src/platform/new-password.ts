import { dictionary } from '@zxcvbn-ts/language-common';
import { PasswordMessages, passwordHasUsername } from '@vp/contract';
import { BadRequestError } from './errors.ts';

/**
 * Rules on a new password beyond its schema (length, not only spaces, enough different
 * characters): it must not hold the username, nor be one of the most common breached passwords,
 * from a list shipped with the app (no network). The list stays on the server, out of the web
 * app's bundle; the web shows the refusal's message.
 */

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export function checkNewPassword(password: string, username: string): void {
  if (passwordHasUsername(password, username)) throw new BadRequestError(PasswordMessages.hasUsername);
  if (isCommonPassword(password)) throw new BadRequestError(PasswordMessages.common);
}
