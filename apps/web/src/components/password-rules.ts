import { isPasswordRefusal, passwordSchema } from '@vp/contract';
import type { PasswordOwner } from '@vp/contract/password-strength';
import type { Rule } from 'antd/es/form';
import { errorMessage } from '../lib/http.ts';

/**
 * The contract's password rules as an antd form rule, so the form says what the server would: the
 * schema (length, repeated patterns, sequences) at once, then the strength estimate, whose word
 * lists are a chunk of their own, loaded on the password screens only.
 */
const loadStrength = () => import('@vp/contract/password-strength');

/** Starts loading the strength estimate, so it is there by the time a password is typed. */
export function preloadPasswordStrength(): void {
  loadStrength().catch(() => undefined);
}

export function passwordRules(owner: () => PasswordOwner = () => ({})): Rule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const password = typeof value === 'string' ? value : '';
        const result = passwordSchema.safeParse(password);
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Please enter a password.');
        // Without the estimate (offline, say) the server's answer says it instead.
        const strength = await loadStrength().catch(() => null);
        const weakness = strength?.passwordWeakness(password, owner());
        if (weakness) throw new Error(weakness);
      },
    },
  ];
}

/** A server refusal of the new password, for the password field; none for any other failure. */
export function passwordFieldErrors(err: unknown): { name: 'password'; errors: string[] }[] {
  const message = errorMessage(err);
  return isPasswordRefusal(message) ? [{ name: 'password', errors: [message] }] : [];
}

export function confirmRules(field: string): Rule[] {
  return [
    { required: true, message: 'Please confirm the password.' },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error('The two passwords do not match.');
      },
    }),
  ];
}
