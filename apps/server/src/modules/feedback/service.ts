import { PRODUCT_NAME, type TicketBody } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Session } from '../../platform/sessions.ts';
import * as q from './queries.ts';

export const FEEDBACK_THANKS = 'Thank you! Your feedback has been sent.';

export function feedbackService(ctx: AppContext) {
  const { db, mailer, config } = ctx;
  return {
    /** Stored first, so feedback survives a mail outage; the mail to support is best effort. */
    async submit(
      session: Session,
      vendorId: number,
      body: TicketBody,
    ): Promise<{ id: number; message: string }> {
      const user = session.user;
      const id = await q.insertFeedback(db, { userId: user.id, vendorId, ...body });
      const from = `${user.firstName} ${user.lastName}`.trim() || user.username;
      await mailer
        .send({
          to: config.supportEmail,
          subject: `[${PRODUCT_NAME} feedback #${id}] ${body.category}: ${body.subject}`,
          text: `From: ${from} (${user.username}${user.email ? `, ${user.email}` : ''})\nVendor id: ${vendorId}\nCategory: ${body.category}\n\n${body.message}\n`,
        })
        .catch((err: unknown) => ctx.log.error({ err, ticket: id }, 'feedback mail could not be sent'));
      return { id, message: FEEDBACK_THANKS };
    },
  };
}
