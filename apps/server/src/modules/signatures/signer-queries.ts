import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signatureRequests, signers } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql.ts';
import type { RequestRow, SignerRow } from './queries.ts';

/** SQL of the signing links: finding a signer by token hash, and the moves of a signer. */

/** Retires every live link of a request at once (void, decline). */
export async function retireAllTokens(tx: Db, requestId: number): Promise<void> {
  await tx
    .update(signers)
    .set({ tokenHash: sql`${SPENT_PREFIX}::text || ${signers.tokenHash}` })
    .where(and(eq(signers.requestId, requestId), sql`${signers.tokenHash} NOT LIKE ${SPENT_PREFIX + '%'}`));
}

/**
 * A link that has served (signed, declined, voided) keeps its hash under this prefix: it can never
 * match a live lookup again, yet its holder is told why it no longer works instead of "not valid".
 * A resend replaces hashes outright, so replaced links are simply not valid.
 */
export const SPENT_PREFIX = 'spent:';

export interface TokenHit {
  signer: SignerRow;
  request: RequestRow;
  spent: boolean;
  expired: boolean;
}

/**
 * The signer of a link by its token hash (live or spent), with expiry judged by the database clock.
 * With `lock`, the request row is locked first and the signer read again: everything that changes a
 * request's signers (sign, decline, void, resend) holds that lock, so two last signatures arriving
 * together cannot both miss that the form is complete.
 */
export async function signerByTokenHash(db: Db, hash: string, lock = false): Promise<TokenHit | null> {
  const find = async () =>
    (
      await rowsOf<{ id: number; requestId: number; spent: boolean; expired: boolean }>(
        db,
        sql`SELECT s.id, s.request_id AS "requestId", s.token_hash <> ${hash} AS spent,
              (s.token_expires_at IS NULL OR s.token_expires_at <= now()) AS expired
            FROM signers s
            WHERE s.token_hash IN (${hash}, ${SPENT_PREFIX + hash})
            LIMIT 1`,
      )
    )[0];
  let hit = await find();
  if (!hit) return null;
  if (lock) {
    await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(eq(signatureRequests.id, hit.requestId))
      .for('update');
    hit = await find();
    if (!hit) return null;
  }
  const [row] = await db
    .select({ signer: signers, request: signatureRequests })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(eq(signers.id, hit.id));
  if (!row) return null;
  return { ...row, spent: hit.spent, expired: hit.expired };
}

/** Marks the signer signed and spends its link, only if the link is still live: one winner. */
export async function markSigned(
  tx: Db,
  signerId: number,
  hash: string,
  values: { signedName: string; signatureImage: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(signers)
    .set({ ...values, status: 'signed', signedAt: sql`now()`, tokenHash: SPENT_PREFIX + hash })
    .where(and(eq(signers.id, signerId), eq(signers.tokenHash, hash), ne(signers.status, 'signed')))
    .returning({ id: signers.id });
  return rows.length === 1;
}

export async function markOpened(tx: Db, signerId: number): Promise<boolean> {
  const rows = await tx
    .update(signers)
    .set({ status: 'opened' })
    .where(and(eq(signers.id, signerId), eq(signers.status, 'waiting')))
    .returning({ id: signers.id });
  return rows.length === 1;
}

export async function markConsented(tx: Db, signerId: number): Promise<boolean> {
  const rows = await tx
    .update(signers)
    .set({ consentedAt: sql`now()` })
    .where(and(eq(signers.id, signerId), sql`${signers.consentedAt} IS NULL`))
    .returning({ id: signers.id });
  return rows.length === 1;
}

export async function markDeclined(tx: Db, signerId: number, reason: string): Promise<void> {
  await tx.update(signers).set({ status: 'declined', declineReason: reason }).where(eq(signers.id, signerId));
}

export async function setToken(tx: Db, signerId: number, hash: string, expiresAt: Date): Promise<void> {
  await tx
    .update(signers)
    .set({ tokenHash: hash, tokenExpiresAt: expiresAt, linkSentAt: new Date() })
    .where(eq(signers.id, signerId));
}

/** Gives the signer a link to the sealed form (hash and end only). */
export async function setCopyToken(tx: Db, signerId: number, hash: string, expiresAt: Date): Promise<void> {
  await tx.update(signers).set({ copyHash: hash, copyExpiresAt: expiresAt }).where(eq(signers.id, signerId));
}

/** The signer and request of a live link to a sealed copy (not expired, the form still complete). */
export async function signerByCopyHash(db: Db, hash: string) {
  const [row] = await db
    .select({ signer: signers, request: signatureRequests })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(
      and(
        eq(signers.copyHash, hash),
        sql`${signers.copyExpiresAt} > now()`,
        eq(signatureRequests.status, 'completed'),
      ),
    );
  return row ?? null;
}
