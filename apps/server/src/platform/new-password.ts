import { passwordWeakness, type PasswordOwner } from '@vp/contract/password-strength';
import { BadRequestError } from './errors.ts';

/**
 * Rules on a new password beyond its schema, wherever one is set (registration, reset, profile):
 * not the username, not a common breached password, and hard enough to guess by the contract's
 * strength estimate (`@vp/contract/password-strength`, lists shipped with the app, no network).
 * The web app runs the same estimate on its password screens and shows the refusal under the field.
 */
export function checkNewPassword(password: string, owner: PasswordOwner): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new BadRequestError(weakness);
}
