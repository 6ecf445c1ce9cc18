import type { SafRequest, SignBody } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { sealingCertificate } from './certificate.ts';
import { signingMailLimits } from './mail-limits.ts';
import { prepareSaf } from './prepare.ts';
import { sendSaf } from './send.ts';
import { checkLink, consent, decline, linkDocument, openLink, sealedCopy, sign } from './sign.ts';
import { resendSaf, signatureStatus, voidSaf } from './status.ts';
import type { Origin } from './tokens.ts';
import { portalCertificate, verifyPdf } from './verify.ts';

/** The Site Access Form ceremony, one use case per file; this binds them to the app's context. */
export function signaturesService(ctx: AppContext) {
  const mailLimits = signingMailLimits(ctx);
  return {
    /** Loads (or generates once) the sealing certificate, so the first seal does not pay for it. */
    warmUp: () => void sealingCertificate(ctx.config),
    prepare: async (vendorId: number, typeId: number, siteId: number, requestId: number | null = null) =>
      (await prepareSaf(ctx.db, vendorId, typeId, siteId, requestId)).signatories,
    send: (vendorId: number, actor: Actor, origin: Origin, typeId: number, body: SafRequest) =>
      sendSaf(ctx, vendorId, actor, origin, typeId, body, mailLimits),
    status: (vendorId: number, documentId: number) => signatureStatus(ctx, vendorId, documentId),
    resend: (vendorId: number, actor: Actor, origin: Origin, documentId: number) =>
      resendSaf(ctx, vendorId, actor, origin, documentId, mailLimits),
    void: (vendorId: number, actor: Actor, origin: Origin, documentId: number, reason: string) =>
      voidSaf(ctx, vendorId, actor, origin, documentId, reason),
    open: (token: string, origin: Origin) => openLink(ctx, token, origin),
    document: (token: string) => linkDocument(ctx, token),
    consent: (token: string, origin: Origin) => consent(ctx, token, origin),
    sign: (token: string, body: SignBody, origin: Origin) => sign(ctx, token, body, origin),
    /** Refuses a link that cannot be used, before its request's body is read. */
    checkLink: (token: string) => checkLink(ctx, token),
    decline: (token: string, reason: string, origin: Origin) => decline(ctx, token, reason, origin),
    sealedCopy: (token: string) => sealedCopy(ctx, token),
    verify: (bytes: Buffer) => verifyPdf(ctx, bytes),
    certificate: () => portalCertificate(ctx),
  };
}
