import {
  API_KEY_EXPIRY_NOTICE_DAYS,
  API_KEY_MAX_DAYS,
  API_KEYS_PER_VENDOR,
  ApiKeyMessages,
  canIssueApiKeys,
  expiryProblem,
  type ApiKey,
  type ApiKeyScope,
  type IssuedApiKey,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { newApiKeySecret, normalRange, shownPart } from '../../platform/api-keys.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/passwords.ts';

/**
 * A vendor's API keys: made by its users, listed with their use, rotated with an overlap, revoked
 * by the vendor or by MLS staff. The secret is answered once, when the key is made.
 */

interface KeyRow {
  id: number;
  vendor_id: number;
  name: string;
  shown: string;
  secret_hash: string;
  scopes: ApiKeyScope[];
  allowed_ranges: string[];
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  last_used_from: string | null;
  revoked_at: string | null;
  replaced_by: number | null;
  c_username: string | null;
  c_first: string | null;
  c_last: string | null;
  r_username: string | null;
  r_first: string | null;
  r_last: string | null;
  expired: boolean;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function keyOf(r: KeyRow): ApiKey {
  return {
    id: r.id,
    vendorId: r.vendor_id,
    name: r.name,
    shown: r.shown,
    scopes: r.scopes,
    allowedRanges: r.allowed_ranges,
    createdAt: iso(r.created_at)!,
    createdBy: r.c_username ? { username: r.c_username, firstName: r.c_first!, lastName: r.c_last! } : null,
    expiresAt: iso(r.expires_at)!,
    lastUsedAt: iso(r.last_used_at),
    lastUsedFrom: r.last_used_from,
    revokedAt: iso(r.revoked_at),
    revokedBy: r.r_username ? { username: r.r_username, firstName: r.r_first!, lastName: r.r_last! } : null,
    replacedBy: r.replaced_by,
    state: r.revoked_at ? 'revoked' : r.expired ? 'expired' : 'active',
  };
}

const SELECT = sql`
  SELECT k.id, k.vendor_id, k.name, k.shown, k.secret_hash, k.scopes, k.allowed_ranges,
    k.created_at::text, k.expires_at::text, k.last_used_at::text, k.last_used_from, k.revoked_at::text,
    k.replaced_by, c.username AS c_username, c.first_name AS c_first, c.last_name AS c_last,
    r.username AS r_username, r.first_name AS r_first, r.last_name AS r_last,
    k.expires_at <= now() AS expired
  FROM api_keys k
  LEFT JOIN users c ON c.id = k.created_by
  LEFT JOIN users r ON r.id = k.revoked_by`;

export async function keysOfVendor(db: Db, vendorId: number): Promise<ApiKey[]> {
  const rows = await rowsOf<KeyRow>(db, sql`${SELECT} WHERE k.vendor_id = ${vendorId} ORDER BY k.id DESC`);
  return rows.map(keyOf);
}

async function keyRow(db: Db, id: number, vendorId: number | null): Promise<KeyRow> {
  const [row] = await rowsOf<KeyRow>(
    db,
    sql`${SELECT} WHERE k.id = ${id} ${vendorId === null ? sql`` : sql`AND k.vendor_id = ${vendorId}`}`,
  );
  if (!row) throw new NotFoundError();
  return row;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD, UTC). */
function dayAfter(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface NewKey {
  name: string;
  scopes: ApiKeyScope[];
  expiresOn: string;
  allowedRanges: string[];
}

function rangesOf(input: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of input) {
    const range = normalRange(text);
    if (!range) throw new BadRequestError(ApiKeyMessages.rangeInvalid);
    if (!out.includes(range)) out.push(range);
  }
  return out;
}

async function insertKey(
  tx: Db,
  vendorId: number,
  actor: Actor,
  key: { name: string; scopes: ApiKeyScope[]; ranges: string[]; expiresAt: Date },
): Promise<{ id: number; secret: string }> {
  const secret = newApiKeySecret();
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`INSERT INTO api_keys (vendor_id, name, shown, secret_hash, scopes, allowed_ranges, expires_at, created_by)
        VALUES (${vendorId}, ${key.name}, ${shownPart(secret)}, ${sha256(secret)}, ${textArray(key.scopes)},
          ${textArray(key.ranges)}, ${key.expiresAt}, ${actor.userId})
        RETURNING id`,
  );
  return { id: row!.id, secret };
}

export function apiKeysService(ctx: AppContext) {
  const { db } = ctx;

  /** Ends the cached identity of a key at once, on every instance. */
  const forget = (hash: string) => ctx.bus.publish('session.ended', { tokenHashes: [hash] });

  return {
    list: (vendorId: number) => keysOfVendor(db, vendorId),

    async create(vendorId: number, actor: Actor, input: NewKey): Promise<IssuedApiKey> {
      if (!canIssueApiKeys(actor.role)) throw new ForbiddenError(ApiKeyMessages.staffCreate);
      const problem = expiryProblem(input.expiresOn, todayUtc());
      if (problem) throw new BadRequestError(problem);
      const ranges = rangesOf(input.allowedRanges);
      const name = input.name.trim();
      const id = await db.transaction(async (tx) => {
        // One at a time per vendor, so the count and the name are judged against every key.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7301, ${vendorId})`);
        const [live] = await rowsOf<{ n: number; named: number }>(
          tx,
          sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE lower(name) = lower(${name}))::int AS named
              FROM api_keys WHERE vendor_id = ${vendorId} AND revoked_at IS NULL AND expires_at > now()`,
        );
        if (live!.named > 0) throw new BadRequestError(ApiKeyMessages.nameTaken);
        if (live!.n >= API_KEYS_PER_VENDOR) throw new ConflictError(ApiKeyMessages.tooMany);
        // The key works through the whole of its last day (UTC).
        const expiresAt = new Date(`${input.expiresOn}T23:59:59.999Z`);
        return insertKey(tx, vendorId, actor, { name, scopes: input.scopes, ranges, expiresAt });
      });
      return { key: keyOf(await keyRow(db, id.id, vendorId)), secret: id.secret };
    },

    /** A new key like the old one; the old one works for `overlapHours` more, then stops. */
    async rotate(vendorId: number, actor: Actor, id: number, overlapHours: number): Promise<IssuedApiKey> {
      if (!canIssueApiKeys(actor.role)) throw new ForbiddenError(ApiKeyMessages.staffCreate);
      const issued = await db.transaction(async (tx) => {
        const [old] = await rowsOf<KeyRow & { lifetime_ms: number }>(
          tx,
          sql`SELECT id, name, scopes, allowed_ranges, secret_hash, expires_at::text, revoked_at::text,
                replaced_by, expires_at <= now() AS expired,
                (extract(epoch FROM expires_at - created_at) * 1000)::float8 AS lifetime_ms
              FROM api_keys WHERE id = ${id} AND vendor_id = ${vendorId} FOR UPDATE`,
        );
        if (!old) throw new NotFoundError();
        if (old.revoked_at || old.expired || old.replaced_by !== null)
          throw new ConflictError(ApiKeyMessages.notActive);
        // The new key lasts as long as the old one was made to, counted from today, through the
        // whole of its last day (UTC) as a new key does.
        const days = Math.min(Math.max(Math.floor(old.lifetime_ms / 86_400_000), 1), API_KEY_MAX_DAYS);
        const expiresAt = new Date(`${dayAfter(todayUtc(), days)}T23:59:59.999Z`);
        const made = await insertKey(tx, vendorId, actor, {
          name: old.name,
          scopes: old.scopes,
          ranges: old.allowed_ranges,
          expiresAt,
        });
        await tx.execute(
          overlapHours === 0
            ? sql`UPDATE api_keys SET replaced_by = ${made.id}, revoked_at = now(), revoked_by = ${actor.userId}
                  WHERE id = ${id}`
            : sql`UPDATE api_keys SET replaced_by = ${made.id},
                    expires_at = least(expires_at, now() + make_interval(hours => ${overlapHours}))
                  WHERE id = ${id}`,
        );
        return { ...made, oldHash: old.secret_hash };
      });
      await forget(issued.oldHash);
      return { key: keyOf(await keyRow(db, issued.id, vendorId)), secret: issued.secret };
    },

    /** Revokes a key of `vendorId`, or (staff, vendorId null) of any vendor. */
    async revoke(vendorId: number | null, actor: Actor, id: number): Promise<ApiKey> {
      const row = await keyRow(db, id, vendorId);
      if (row.revoked_at) throw new ConflictError(ApiKeyMessages.notActive);
      await db.execute(
        sql`UPDATE api_keys SET revoked_at = now(), revoked_by = ${actor.userId}
            WHERE id = ${id} AND revoked_at IS NULL`,
      );
      await forget(row.secret_hash);
      return keyOf(await keyRow(db, id, vendorId));
    },

    /** Mails each key's creator once, a week before the key expires (a rotated key is not). */
    async noticeExpiring(): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await rowsOf<{
          id: number;
          name: string;
          shown: string;
          expires_at: string;
          email: string | null;
          vendor: string;
        }>(
          tx,
          sql`SELECT k.id, k.name, k.shown, k.expires_at::text, u.email, v.name AS vendor
              FROM api_keys k
              JOIN vendors v ON v.id = k.vendor_id
              LEFT JOIN users u ON u.id = k.created_by AND u.active
              WHERE k.revoked_at IS NULL AND k.expiry_noticed_at IS NULL AND k.replaced_by IS NULL
                AND k.expires_at > now()
                AND k.expires_at <= now() + make_interval(days => ${API_KEY_EXPIRY_NOTICE_DAYS})
              ORDER BY k.id
              FOR UPDATE OF k SKIP LOCKED`,
        );
        for (const key of due) {
          if (key.email)
            await ctx.mailer.send(
              {
                to: key.email,
                subject: `API key "${key.name}" expires on ${key.expires_at.slice(0, 10)}`,
                text:
                  `The API key "${key.name}" (${key.shown}…) of ${key.vendor} stops working on ` +
                  `${key.expires_at.slice(0, 10)}. Rotate it under Tools → API keys to give your ` +
                  `systems a new key before then.`,
              },
              tx,
            );
          await tx.execute(sql`UPDATE api_keys SET expiry_noticed_at = now() WHERE id = ${key.id}`);
        }
        return due.length;
      });
    },
  };
}
