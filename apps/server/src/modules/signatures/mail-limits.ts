import { SafMessages } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../platform/errors.ts';
import { DAY_MS, perMinuteLimit } from '../../platform/per-minute.ts';

/**
 * Signing mails go to people who have no account and did not ask for them, so they are counted:
 * a form is resent at most RESENDS_PER_FORM_PER_DAY times a day, and one address gets at most
 * MAILS_PER_RECIPIENT_PER_DAY signing links a day for one website, whatever the form (voiding and
 * sending again makes a new form, not a new person to mail). A broker signing for many websites of
 * the office is not held by it. The reminders the server sends itself are bounded by their own
 * settings and not counted here.
 */
export const RESENDS_PER_FORM_PER_DAY = 3;
export const MAILS_PER_RECIPIENT_PER_DAY = 8;

export type SigningMailLimits = ReturnType<typeof signingMailLimits>;

export function signingMailLimits(ctx: AppContext) {
  const resends = perMinuteLimit(ctx.database, 'saf-resend', RESENDS_PER_FORM_PER_DAY, DAY_MS);
  const mails = perMinuteLimit(ctx.database, 'saf-mail', MAILS_PER_RECIPIENT_PER_DAY, DAY_MS);
  return {
    /** Counts one resend of a form; 429 when the form has had its resends of the day. */
    async resend(requestId: number): Promise<void> {
      if (!(await resends.take(requestId)))
        throw new TooManyRequestsError(SafMessages.resendLimit(RESENDS_PER_FORM_PER_DAY));
    },
    /** Counts a mail about a website to each address; 429 naming the first that has had its day's. */
    async mailTo(websiteId: number, addresses: readonly string[]): Promise<void> {
      for (const address of addresses) {
        if (!(await mails.take(`${websiteId}|${address.trim().toLowerCase()}`)))
          throw new TooManyRequestsError(SafMessages.recipientLimit(address.trim()));
      }
    },
  };
}
