import { PRODUCT_NAME, SEALED_COPY_DAYS, signerWithRole } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { MailMessage } from '../../platform/mail.ts';
import * as q from './queries.ts';

/**
 * What the people of a form hear when it ends: the vendor's users at a decline and at completion
 * (a link into the portal, where the sealed form is), and every signer at completion (a link to
 * their sealed copy that needs no account). Queued in the transaction of the change they report.
 */

export interface CopyLink {
  to: string;
  name: string;
  token: string;
}

/** Where a signer downloads the sealed form with their copy link. */
export const copyUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/signed/${token}`;

const siteUrl = (ctx: AppContext, websiteId: number) => `${ctx.config.publicUrl}/websites?site=${websiteId}`;

/** Queued in `tx`: the mails exist exactly when the change they report does. */
async function sendAll(ctx: AppContext, tx: Db, mails: MailMessage[]): Promise<void> {
  for (const mail of mails) await ctx.mailer.send(mail, tx);
}

async function toVendor(
  ctx: AppContext,
  tx: Db,
  request: q.RequestRow,
  mail: (site: { domainName: string; vendorName: string }) => { subject: string; body: string; link: string },
): Promise<void> {
  const [site, people] = await Promise.all([
    q.siteLabel(tx, request.websiteId),
    q.vendorRecipients(tx, request.vendorId),
  ]);
  const { subject, body, link } = mail(site ?? { domainName: '', vendorName: '' });
  await sendAll(
    ctx,
    tx,
    people.map((p) => ({
      to: p.email,
      subject,
      text: `Hello ${p.firstName.trim() || p.email},\n\n${body}\n\n${PRODUCT_NAME}\n`,
      link,
    })),
  );
}

/** The vendor hears who declined, why, and for which website. */
export async function mailDeclined(
  ctx: AppContext,
  tx: Db,
  request: q.RequestRow,
  signer: q.SignerRow,
  reason: string,
): Promise<void> {
  const link = siteUrl(ctx, request.websiteId);
  await toVendor(ctx, tx, request, (site) => ({
    subject: `Site Access Form declined for ${site.domainName}`,
    body:
      `${signerWithRole(signer.name, signer.signatory)} <${signer.email}> declined to sign the Site Access ` +
      `Form for the website ${site.domainName}.\n\n` +
      (reason.trim() ? `Their reason: ${reason.trim()}\n\n` : '') +
      `The form can no longer be signed. Open the website in the portal to void it and send a new one:\n${link}`,
    link,
  }));
}

/** The vendor hears the form is complete, and where the sealed form is; each signer gets their copy. */
export async function mailCompleted(
  ctx: AppContext,
  tx: Db,
  request: q.RequestRow,
  copies: CopyLink[],
): Promise<void> {
  const link = siteUrl(ctx, request.websiteId);
  await toVendor(ctx, tx, request, (site) => ({
    subject: `Site Access Form signed by everyone for ${site.domainName}`,
    body:
      `Everyone has signed the Site Access Form for the website ${site.domainName}, and the form is ` +
      `sealed. It is in the website's Files tab in the portal:\n${link}`,
    link,
  }));
  const site = await q.siteLabel(tx, request.websiteId);
  const domainName = site?.domainName ?? '';
  await sendAll(
    ctx,
    tx,
    copies.map((c) => {
      const url = copyUrl(ctx, c.token);
      return {
        to: c.to,
        subject: `Signed by everyone: Site Access Form for ${domainName}`,
        text:
          `Hello ${c.name},\n\nEveryone has signed the Site Access Form for the website ${domainName}` +
          `${site?.vendorName ? `, sent by ${site.vendorName}` : ''}. Download your copy of the sealed form ` +
          `(no account needed):\n${url}\n\nThe link is yours alone and works for ${SEALED_COPY_DAYS} days. ` +
          `Anyone can check that a copy is unchanged at ${ctx.config.publicUrl}/verify.\n\n${PRODUCT_NAME}\n`,
        link: url,
      };
    }),
  );
}
