import { SafMessages, type DocumentSignatureStatus } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import { withNotices } from '../notifications/index.ts';
import { formProgress } from './progress.ts';
import * as q from './queries.ts';
import * as sq from './signer-queries.ts';
import { mailLinks, type MailedLink } from './send.ts';
import { newSigningToken, type Origin } from './tokens.ts';
import type { SigningMailLimits } from './mail-limits.ts';

/** The Document Status dialog, and the sender's Send Reminder (resend) and Void Document. */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The document's signature request (locked for update with `lock`); 409 for a document without one, 404 for none. */
async function requestOrNotFound(db: Db, vendorId: number, documentId: number, lock = false) {
  const found = await q.requestOfDocument(db, vendorId, documentId, lock);
  if (found) return found;
  if (await q.documentOfVendor(db, vendorId, documentId))
    throw new ConflictError(SafMessages.notASignedDocument);
  throw new NotFoundError();
}

export async function signatureStatus(
  ctx: AppContext,
  vendorId: number,
  documentId: number,
): Promise<DocumentSignatureStatus> {
  const { request } = await requestOrNotFound(ctx.db, vendorId, documentId);
  const list = await q.signersOf(ctx.db, request.id);
  const signed = list.filter((s) => s.status === 'signed').length;
  const decliner = list.find((s) => s.status === 'declined');
  const steps: DocumentSignatureStatus['steps'] = [
    {
      date: iso(request.createdAt),
      description: `Sent for signature to ${list.length} signator${list.length === 1 ? 'y' : 'ies'}`,
      completed: true,
    },
  ];
  if (request.status === 'voided') {
    steps.push({ date: iso(request.finishedAt), description: SafMessages.voidStep, completed: true });
  } else if (request.status === 'completed') {
    steps.push({ date: iso(request.finishedAt), description: 'Signed by all parties', completed: true });
  } else if (request.status === 'declined') {
    steps.push({
      date: iso(request.finishedAt),
      description: `Declined by ${decliner?.name ?? 'a signatory'}: ${decliner?.declineReason ?? ''}`,
      completed: false,
    });
  } else {
    steps.push({
      date: null,
      description: `Waiting for signatures (${signed} of ${list.length} signed)`,
      completed: false,
    });
  }
  return {
    steps,
    signers: list.map((s) => {
      // A decline ends the form: whoever had not signed has nothing left to do.
      const notNeeded = request.status === 'declined' && s.status !== 'signed' && s.status !== 'declined';
      return {
        signatory: s.signatory,
        name: s.name,
        email: s.email,
        state: notNeeded ? ('not-needed' as const) : s.status,
        date: s.status === 'signed' ? iso(s.signedAt) : null,
        declinedBy: notNeeded ? (decliner?.name ?? null) : null,
      };
    }),
  };
}

/** New links for everyone who has not signed; their old links stop working. */
export async function resendSaf(
  ctx: AppContext,
  vendorId: number,
  actor: Actor,
  origin: Origin,
  documentId: number,
  mailLimits: SigningMailLimits,
): Promise<{ message: string }> {
  const links: MailedLink[] = [];
  await ctx.db.transaction(async (tx) => {
    const { request } = await requestOrNotFound(tx, vendorId, documentId, true);
    if (request.status !== 'pending') throw new ConflictError(SafMessages.notPending);
    const open = (await q.signersOf(tx, request.id)).filter((s) => s.status !== 'signed');
    if (open.length === 0) throw new ConflictError(SafMessages.nothingToResend);
    await mailLimits.resend(request.id);
    await mailLimits.mailTo(
      request.websiteId,
      open.map((s) => s.email),
    );
    for (const s of open) {
      const t = newSigningToken();
      await sq.setToken(tx, s.id, t.hash, t.expiresAt);
      links.push({ to: s.email, name: s.name, token: t.token });
    }
    await q.insertEvent(tx, {
      requestId: request.id,
      kind: 'resent',
      detail: `Resent by ${actor.username} to ${open.map((s) => s.name).join(', ')}`,
      ...origin,
    });
    await recordChange(tx, {
      websiteId: request.websiteId,
      vendorId,
      kind: 'saf.resent',
      description: `Site Access Form resent to ${open.map((s) => `${s.signatory} ${s.name}`).join(', ')}`,
      actor,
      changes: [],
    });
    const site = await q.siteLabel(tx, request.websiteId);
    await mailLinks(ctx, tx, links, site?.domainName ?? '', site?.vendorName ?? '', true);
  });
  return { message: SafMessages.resent };
}

/** Voids a form out for signature or declined: every link dies at once and the document is no longer approved. */
export async function voidSaf(
  ctx: AppContext,
  vendorId: number,
  actor: Actor,
  origin: Origin,
  documentId: number,
  reason: string,
): Promise<{ message: string }> {
  const websiteId = await withNotices(ctx, async (tx, notices) => {
    const { request } = await requestOrNotFound(tx, vendorId, documentId, true);
    // A pending form is withdrawn; a declined one is closed so a fresh one can go out; a completed
    // one is revoked (the document is no longer approved). Only a voided one cannot be voided again.
    if (request.status === 'voided') throw new ConflictError(SafMessages.alreadyVoided);
    await q.setRequest(tx, request.id, { status: 'voided', voidReason: reason, finishedAt: new Date() });
    await sq.retireAllTokens(tx, request.id);
    await q.voidDocument(tx, documentId);
    await q.insertEvent(tx, {
      requestId: request.id,
      kind: 'voided',
      detail: `Voided by ${actor.username}: ${reason}`,
      ...origin,
    });
    await recordChange(tx, {
      websiteId: request.websiteId,
      vendorId,
      kind: 'saf.voided',
      description: `Site Access Form voided: ${reason}`,
      actor,
      changes: [],
    });
    await formProgress(notices, tx, request, 'voided', actor);
    return request.websiteId;
  });
  await ctx.bus.publish('document.changed', {
    vendorId,
    websiteId,
    documentId,
    action: 'voided',
    username: actor.username,
  });
  return { message: SafMessages.voided };
}
