import { PRODUCT_NAME, TICKETS_PER_HOUR, TicketMessages, type TicketBody } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { TooManyRequestsError } from '../../platform/errors.ts';
import { HOUR_MS, perMinuteLimit } from '../../platform/per-minute.ts';
import type { Session } from '../../platform/sessions.ts';
import * as q from './queries.ts';

export const FEEDBACK_THANKS = 'Thank you! Your feedback has been sent.';

export function feedbackService({ db, database, mailer, config }: AppContext) {
  // Each ticket is mailed to support: one user cannot flood its inbox.
  const sent = perMinuteLimit(database, 'ticket', TICKETS_PER_HOUR, HOUR_MS);
  return {
    /** The ticket and its mail to support are one transaction; the mail queue outlasts an outage. */
    async submit(
      session: Session,
      vendorId: number,
      body: TicketBody,
    ): Promise<{ id: number; message: string }> {
      const user = session.user;
      if (!(await sent.take(user.id))) throw new TooManyRequestsError(TicketMessages.tooMany);
      const from = `${user.firstName} ${user.lastName}`.trim() || user.username;
      const id = await db.transaction(async (tx) => {
        const ticket = await q.insertFeedback(tx, { userId: user.id, vendorId, ...body });
        await mailer.send(
          {
            to: config.supportEmail,
            subject: `[${PRODUCT_NAME} feedback #${ticket}] ${body.category}: ${body.subject}`,
            text: `From: ${from} (${user.username}${user.email ? `, ${user.email}` : ''})\nVendor id: ${vendorId}\nCategory: ${body.category}\n\n${body.message}\n`,
          },
          tx,
        );
        return ticket;
      });
      return { id, message: FEEDBACK_THANKS };
    },
  };
}
