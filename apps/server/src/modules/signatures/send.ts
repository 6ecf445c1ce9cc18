import { PRODUCT_NAME, SafMessages, SIGNING_LINK_DAYS, type SafRequest } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { storeDocumentBytes } from '../documents/index.ts';
import { recordChange } from '../history/index.ts';
import { withNotices } from '../notifications/index.ts';
import { formProgress } from './progress.ts';
import { safPartiesKey } from '../websites/index.ts';
import { renderSafForm } from './pdf-threads.ts';
import { prepareSaf } from './prepare.ts';
import * as q from './queries.ts';
import { newSigningToken, type Origin } from './tokens.ts';
import type { SigningMailLimits } from './mail-limits.ts';

/**
 * Sending a Site Access Form: the signatories must be the prepared ones (changed only where the
 * roster leaves a gap), the PDF is generated and stored, and each signatory is mailed a link of
 * their own. Everything in the database happens in one transaction; mail goes after the commit.
 */

export interface MailedLink {
  to: string;
  name: string;
  token: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function signingMail(
  ctx: AppContext,
  link: MailedLink,
  domainName: string,
  vendorName: string,
  reminder = false,
) {
  const url = `${ctx.config.publicUrl}/sign/${link.token}`;
  return {
    to: link.to,
    // A reminder says so in its subject, so it is not taken for the same request arriving twice.
    subject: `${reminder ? 'Reminder: ' : ''}Please sign the Site Access Form for ${domainName}`,
    text:
      `Hello ${link.name},\n\n${vendorName} ${reminder ? 'reminds you to sign' : 'asks you to sign'} the ` +
      `Site Access Form for the website ${domainName}.\n\n` +
      `${reminder ? 'Your earlier link no longer works. ' : ''}Open this link to read and sign it ` +
      `(no account needed):\n${url}\n\n` +
      `The link is yours alone and works for ${SIGNING_LINK_DAYS} days.\n\n${PRODUCT_NAME}\n`,
    link: url,
  };
}

/** Queues the signing links' mails in `tx`, the transaction that made the links. */
export async function mailLinks(
  ctx: AppContext,
  tx: Db,
  links: MailedLink[],
  domainName: string,
  vendorName: string,
  reminder = false,
) {
  for (const link of links)
    await ctx.mailer.send(signingMail(ctx, link, domainName, vendorName, reminder), tx);
}

export async function sendSaf(
  ctx: AppContext,
  vendorId: number,
  actor: Actor,
  origin: Origin,
  typeId: number,
  body: SafRequest,
  mailLimits: SigningMailLimits,
): Promise<{ message: string; documentId: number }> {
  const prepared = await prepareSaf(ctx.db, vendorId, typeId, body.id, body.request ?? null);
  const { site } = prepared;

  // Match by signatory: the same roles, each once, fixed fields unchanged.
  if (body.signatures.length !== prepared.signatories.length)
    throw new BadRequestError(SafMessages.signatoriesMismatch);
  const chosen = prepared.signatories.map((p) => {
    const given = body.signatures.filter((s) => s.signatory === p.signatory);
    if (given.length !== 1) throw new BadRequestError(SafMessages.signatoriesMismatch);
    const s = given[0]!;
    if (!p.canOverride && (s.name.trim() !== p.name || !sameEmail(s.email, p.email)))
      throw new BadRequestError(SafMessages.notOverridable);
    return {
      signatory: p.signatory,
      name: p.canOverride ? s.name.trim() : p.name,
      email: (p.canOverride ? s.email : p.email).trim(),
    };
  });

  await mailLimits.mailTo(
    site.id,
    chosen.map((c) => c.email),
  );
  const namedBrokers = chosen.filter((c) => c.signatory.startsWith('Broker'));
  const now = new Date();
  const pdf = await renderSafForm({
    portalName: PRODUCT_NAME,
    portalUrl: ctx.config.publicUrl,
    vendorName: site.vendorName,
    vendorCode: site.vendorCode,
    domainName: site.domainName,
    products: prepared.products,
    agent: prepared.agent,
    // A broker named by the vendor (roster gap) is printed as named, with no roster identifiers.
    brokers: prepared.brokers.length
      ? prepared.brokers.map((b, i) => ({ ...b, name: b.name || namedBrokers[i]?.name || '' }))
      : namedBrokers.map((c) => ({
          name: c.name,
          mlsId: '',
          memberNumber: '',
          license: '',
          office: null,
          teamMembers: [],
        })),
    signatories: chosen,
    date: now,
  });

  const links: MailedLink[] = [];
  const stored: { key: string | null } = { key: null };
  let documentId: number;
  try {
    documentId = await withNotices(ctx, async (tx, notices) => {
      await q.lockSite(tx, site.id);
      if (await q.pendingRequestOfSite(tx, site.id)) throw new ConflictError(SafMessages.alreadyPending);
      const doc = await storeDocumentBytes(
        ctx,
        tx,
        {
          vendorId,
          websiteId: site.id,
          typeId,
          label: `Site Access Form - ${site.domainName}.pdf`,
          contentType: 'application/pdf',
          signatureRequired: true,
          uploadedBy: actor.userId,
          uploadedByName: actor.username,
          safParties: prepared.termsKey ?? (await safPartiesKey(tx, site.id)),
          requestId: prepared.requestId,
        },
        pdf,
      );
      stored.key = doc.storageKey;
      const request = await q.insertRequest(tx, {
        documentId: doc.id,
        vendorId,
        websiteId: site.id,
        createdBy: actor.userId,
        createdByName: actor.username,
      });
      const rows = chosen.map((c, position) => {
        const t = newSigningToken();
        links.push({ to: c.email, name: c.name, token: t.token });
        return { requestId: request.id, position, ...c, tokenHash: t.hash, tokenExpiresAt: t.expiresAt };
      });
      await q.insertSigners(tx, rows);
      await q.insertEvent(tx, {
        requestId: request.id,
        kind: 'sent',
        detail: `Sent by ${actor.username} to ${chosen.map((c) => `${c.name} <${c.email}>`).join(', ')}`,
        ...origin,
      });
      await recordChange(tx, {
        websiteId: site.id,
        vendorId,
        kind: 'saf.sent',
        description: `Site Access Form sent for signature to ${chosen.map((c) => `${c.signatory} ${c.name}`).join(', ')}`,
        actor,
        changes: [],
      });
      await formProgress(notices, tx, { vendorId, websiteId: site.id }, 'sent', actor);
      await mailLinks(ctx, tx, links, site.domainName, site.vendorName);
      return doc.id;
    });
  } catch (err) {
    // The object was written before the row; the rolled-back row must not leave it behind.
    if (stored.key) await ctx.storage.delete(stored.key).catch(() => undefined);
    throw err;
  }

  await ctx.bus.publish('document.changed', {
    vendorId,
    websiteId: site.id,
    documentId,
    action: 'created',
    username: actor.username,
  });
  return { message: SafMessages.sent, documentId };
}
