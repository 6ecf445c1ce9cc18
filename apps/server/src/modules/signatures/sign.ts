import {
  nameWithTyped,
  namesResemble,
  SealedCopyMessages,
  SigningLinkMessages,
  signerWithRole,
  type SignBody,
  type SigningView,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { TaskFailedError } from '../../platform/thread-pool.ts';
import { decodePng } from './pdf-threads.ts';
import { readDocumentBytes } from '../documents/index.ts';
import { recordChange } from '../history/index.ts';
import { withNotices } from '../notifications/index.ts';
import { formProgress, signerBy } from './progress.ts';
import * as q from './queries.ts';
import * as sq from './signer-queries.ts';
import { mailCompleted, mailDeclined, type CopyLink } from './notify.ts';
import { sealRequest, type SealResult } from './seal.ts';
import { hashToken, newCopyToken, type Origin } from './tokens.ts';

/**
 * The public signing link: the token in the path is the only credential. Every answer for a link
 * that cannot be used says why (not valid, expired, used, declined, withdrawn, complete).
 */

class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The signer of a usable link, or the refusal that says why it is not usable. */
async function usableLink(db: Db, token: string, lock = false): Promise<sq.TokenHit> {
  // A malformed token costs no query.
  const hit = TOKEN_SHAPE.test(token) ? await sq.signerByTokenHash(db, hashToken(token), lock) : null;
  if (!hit) throw new NotFoundError(SigningLinkMessages.invalid);
  if (hit.signer.status === 'signed') throw new GoneError(SigningLinkMessages.used);
  if (hit.request.status === 'voided') throw new GoneError(SigningLinkMessages.voided);
  if (hit.request.status === 'declined')
    throw new GoneError(
      hit.signer.status === 'declined' ? SigningLinkMessages.declined : SigningLinkMessages.declinedByOther,
    );
  if (hit.request.status === 'completed') throw new GoneError(SigningLinkMessages.completed);
  if (hit.spent) throw new NotFoundError(SigningLinkMessages.invalid);
  if (hit.expired) throw new GoneError(SigningLinkMessages.expired);
  return hit;
}

/** Refuses a link that cannot be used (the same answers as its calls), reading nothing else. */
export async function checkLink(ctx: AppContext, token: string): Promise<void> {
  await usableLink(ctx.db, token);
}

/** A signer has no account: History names them by name and role ("Ashley Adams (Agent)"). */
const signerActor = (s: q.SignerRow) => ({
  userId: null,
  username: signerWithRole(s.name, s.signatory),
  firstName: '',
  lastName: '',
});

async function audit(
  tx: Db,
  hit: sq.TokenHit,
  kind: 'saf.opened' | 'saf.consented' | 'saf.signed' | 'saf.declined' | 'saf.completed',
  description: string,
) {
  await recordChange(tx, {
    websiteId: hit.request.websiteId,
    vendorId: hit.request.vendorId,
    kind,
    description,
    actor: signerActor(hit.signer),
    changes: [],
  });
}

/** What the signing page shows; the first look records 'opened'. */
export async function openLink(ctx: AppContext, token: string, origin: Origin): Promise<SigningView> {
  const hit = await ctx.db.transaction(async (tx) => {
    const found = await usableLink(tx, token, true);
    if (await sq.markOpened(tx, found.signer.id)) {
      await q.insertEvent(tx, {
        requestId: found.request.id,
        signerId: found.signer.id,
        kind: 'opened',
        ...origin,
      });
      await audit(
        tx,
        found,
        'saf.opened',
        `Site Access Form opened by ${found.signer.signatory} ${found.signer.name}`,
      );
    }
    return found;
  });
  const [doc, site, list] = await Promise.all([
    q.documentById(ctx.db, hit.request.documentId),
    q.siteLabel(ctx.db, hit.request.websiteId),
    q.signersOf(ctx.db, hit.request.id),
  ]);
  return {
    documentLabel: doc?.label ?? '',
    domainName: site?.domainName ?? '',
    vendorName: site?.vendorName ?? '',
    signatory: hit.signer.signatory,
    name: hit.signer.name,
    email: hit.signer.email,
    consented: hit.signer.consentedAt !== null,
    expiresAt: hit.signer.tokenExpiresAt!.toISOString(),
    others: list
      .filter((s) => s.id !== hit.signer.id)
      .map((s) => ({ signatory: s.signatory, name: s.name, signed: s.status === 'signed' })),
  };
}

/** The PDF to be signed. */
export async function linkDocument(ctx: AppContext, token: string): Promise<Buffer> {
  const hit = await usableLink(ctx.db, token);
  const doc = await q.documentById(ctx.db, hit.request.documentId);
  if (!doc) throw new NotFoundError(SigningLinkMessages.invalid);
  return readDocumentBytes(ctx, doc.storageKey);
}

export async function consent(ctx: AppContext, token: string, origin: Origin): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const hit = await usableLink(tx, token, true);
    if (await sq.markConsented(tx, hit.signer.id)) {
      await q.insertEvent(tx, {
        requestId: hit.request.id,
        signerId: hit.signer.id,
        kind: 'consented',
        detail: 'Agreed to sign electronically',
        ...origin,
      });
      await audit(
        tx,
        hit,
        'saf.consented',
        `${hit.signer.signatory} ${hit.signer.name} agreed to sign electronically`,
      );
    }
  });
  return { message: 'Consent recorded' };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG_BYTES = 300_000;
/** Most pixels a drawn signature may have: a pad twice the width of a wide column is under a million. */
export const SIGNATURE_PIXELS = 2_000_000;
/** PNG colour types of 8-bit images: grey, RGB, palette, grey with alpha, RGBA. */
const COLOUR_TYPES = new Set([0, 2, 3, 4, 6]);

/**
 * A drawn signature must be a real, decodable PNG of a sane size. Its header is read first (8 bits
 * a sample, a pixel budget), so nothing is decoded that could not be a signature; the decoding
 * itself runs off the main thread, within a time budget.
 */
async function checkedPng(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const bad = () => new BadRequestError(SigningLinkMessages.signatureRequired);
  if (bytes.length < 33 || bytes.length > MAX_PNG_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw bad();
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw bad();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colourType = bytes[25]!;
  if (width < 1 || height < 1 || width > 4000 || height > 2000 || width * height > SIGNATURE_PIXELS)
    throw bad();
  if (bitDepth !== 8 || !COLOUR_TYPES.has(colourType)) throw bad();
  try {
    await decodePng(bytes);
  } catch (err) {
    if (err instanceof TaskFailedError) throw bad();
    throw err;
  }
  return bytes;
}

export async function sign(
  ctx: AppContext,
  token: string,
  body: SignBody,
  origin: Origin,
): Promise<{ message: string; completed: boolean }> {
  if (body.signature.kind === 'drawn') await checkedPng(body.signature.image);
  const image = body.signature.kind === 'drawn' ? body.signature.image : null;
  const sealedHolder: { result: SealResult | null } = { result: null };
  const copies: CopyLink[] = [];
  let done: { request: q.RequestRow; signer: q.SignerRow };
  try {
    done = await withNotices(ctx, async (tx, notices) => {
      const hit = await usableLink(tx, token, true);
      if (!hit.signer.consentedAt) throw new ConflictError(SigningLinkMessages.consentRequired);
      // The form records the signatory it was sent to; a typed name unlike theirs is signed only
      // once the signer has confirmed it.
      const resembles = namesResemble(body.fullName, hit.signer.name);
      if (!resembles && body.confirmName !== true)
        throw new BadRequestError(SigningLinkMessages.nameMismatch(hit.signer.name));
      if (
        !(await sq.markSigned(tx, hit.signer.id, hashToken(token), {
          signedName: body.fullName,
          signatureImage: image,
        }))
      )
        throw new GoneError(SigningLinkMessages.used);
      await q.insertEvent(tx, {
        requestId: hit.request.id,
        signerId: hit.signer.id,
        kind: 'signed',
        detail: `Signed with a ${image ? 'drawn' : 'typed'} signature; typed name "${body.fullName}"${
          resembles ? '' : ", confirmed as unlike the signatory's"
        }`,
        ...origin,
      });
      await audit(
        tx,
        hit,
        'saf.signed',
        `Site Access Form signed by ${hit.signer.signatory} ${nameWithTyped(hit.signer.name, body.fullName)}`,
      );
      await formProgress(notices, tx, hit.request, 'signed', signerBy(hit.signer));
      const everyone = await q.signersOf(tx, hit.request.id);
      if (everyone.every((s) => s.status === 'signed')) {
        sealedHolder.result = await sealRequest(ctx, tx, hit.request);
        copies.length = 0;
        for (const s of everyone) {
          const t = newCopyToken();
          await sq.setCopyToken(tx, s.id, t.hash, t.expiresAt);
          copies.push({ to: s.email, name: s.name, token: t.token });
        }
        await q.setRequest(tx, hit.request.id, { status: 'completed', finishedAt: new Date() });
        await q.insertEvent(tx, {
          requestId: hit.request.id,
          kind: 'completed',
          detail: 'Signed by all parties; sealed',
        });
        await audit(tx, hit, 'saf.completed', 'Site Access Form signed by all parties and sealed');
        await formProgress(notices, tx, hit.request, 'completed', null);
        await mailCompleted(ctx, tx, hit.request, copies);
      }
      return { request: hit.request, signer: hit.signer };
    });
  } catch (err) {
    // A sealed copy written before the rollback must not stay behind.
    if (sealedHolder.result) await ctx.storage.delete(sealedHolder.result.newKey).catch(() => undefined);
    throw err;
  }
  const sealed = sealedHolder.result;
  if (!sealed) return { message: SigningLinkMessages.signed, completed: false };
  await ctx.storage
    .delete(sealed.oldKey)
    .catch((err: unknown) => ctx.log.warn({ err }, 'unsealed copy not removed'));
  await ctx.bus.publish('document.changed', {
    vendorId: done.request.vendorId,
    websiteId: done.request.websiteId,
    documentId: sealed.documentId,
    action: 'signed',
    username: done.signer.email,
  });
  return { message: SigningLinkMessages.signed, completed: true };
}

export async function decline(
  ctx: AppContext,
  token: string,
  reason: string,
  origin: Origin,
): Promise<{ message: string }> {
  const hit = await withNotices(ctx, async (tx, notices) => {
    const found = await usableLink(tx, token, true);
    await sq.markDeclined(tx, found.signer.id, reason);
    await q.setRequest(tx, found.request.id, { status: 'declined', finishedAt: new Date() });
    await sq.retireAllTokens(tx, found.request.id);
    await q.insertEvent(tx, {
      requestId: found.request.id,
      signerId: found.signer.id,
      kind: 'declined',
      detail: reason,
      ...origin,
    });
    await audit(
      tx,
      found,
      'saf.declined',
      `Site Access Form declined by ${found.signer.signatory} ${found.signer.name}: ${reason}`,
    );
    await formProgress(notices, tx, found.request, 'declined', signerBy(found.signer));
    await mailDeclined(ctx, tx, found.request, found.signer, reason);
    return found;
  });
  await ctx.bus.publish('document.changed', {
    vendorId: hit.request.vendorId,
    websiteId: hit.request.websiteId,
    documentId: hit.request.documentId,
    action: 'declined',
    username: hit.signer.email,
  });
  return { message: SigningLinkMessages.declinedDone };
}

/** The sealed form through a signer's copy link; an unknown, expired or revoked link is not found. */
export async function sealedCopy(ctx: AppContext, token: string): Promise<{ bytes: Buffer; label: string }> {
  const hit = TOKEN_SHAPE.test(token) ? await sq.signerByCopyHash(ctx.db, hashToken(token)) : null;
  const doc = hit ? await q.documentById(ctx.db, hit.request.documentId) : null;
  if (!doc || !doc.sealedAt) throw new NotFoundError(SealedCopyMessages.notFound);
  return { bytes: await readDocumentBytes(ctx, doc.storageKey), label: doc.label };
}
