import crypto from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  API_KEY_SHOWN_LENGTH,
  ApiKeyMessages,
  type ApiKeyScope,
  type Role,
} from '@vp/contract';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import { sql } from 'drizzle-orm';
import { UnauthorizedError } from './errors.ts';
import type { EventBus } from './events.ts';
import { sha256 } from './passwords.ts';
import { loadSessionUser, type Session } from './sessions.ts';

/**
 * API keys as credentials: a key's secret resolves to a session-like identity acting for the key's
 * vendor, as its creator's role allows, within the key's scopes (platform/scope.ts decides which
 * calls a key may make). A key stops with its revocation, its expiry, its creator's deactivation or
 * removal from the vendor, and the vendor's suspension.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new secret: the prefix and 32 base62 characters drawn without bias. */
export function newApiKeySecret(): string {
  let out = '';
  while (out.length < API_KEY_SECRET_LENGTH) {
    for (const byte of crypto.randomBytes(48)) {
      // 248 = 62 * 4: bytes above it would favour the first characters.
      if (byte < 248 && out.length < API_KEY_SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

export const shownPart = (secret: string) => secret.slice(0, API_KEY_SHOWN_LENGTH);

/** Whether `address` is within one of `ranges` (addresses or CIDR ranges, v4 or v6). */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return ranges.some((range) => {
    try {
      const [net, bits] = range.includes('/')
        ? ipaddr.parseCIDR(range)
        : ((p) => [p, p.kind() === 'ipv4' ? 32 : 128] as const)(ipaddr.parse(range));
      const candidate =
        net.kind() === parsed.kind()
          ? parsed
          : net.kind() === 'ipv6' && parsed.kind() === 'ipv4'
            ? (parsed as ipaddr.IPv4).toIPv4MappedAddress()
            : null;
      return candidate !== null && candidate.match([net, bits] as never);
    } catch {
      return false;
    }
  });
}

/** A CIDR range or address in its normal form, or null when it does not parse. */
export function normalRange(text: string): string | null {
  try {
    const value = text.trim();
    if (value.includes('/')) {
      const [net, bits] = ipaddr.parseCIDR(value);
      return `${net.toString()}/${bits}`;
    }
    return ipaddr.parse(value).toString();
  } catch {
    return null;
  }
}

interface KeyRow {
  id: number;
  name: string;
  vendor_id: number;
  scopes: string[];
  allowed_ranges: string[];
  expires_at: Date | string;
  revoked_at: Date | string | null;
  created_by: number | null;
  last_used_at: Date | string | null;
  last_used_from: string | null;
}

interface Entry {
  row: KeyRow;
  session: Session | null;
  fetchedAt: number;
}

const TOUCH_INTERVAL_MS = 60_000;
const invalid = () => new UnauthorizedError(ApiKeyMessages.invalid);

export class ApiKeyService {
  private readonly cache = new Map<string, Entry>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly db: Db,
    bus: EventBus,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 30_000,
    /** A key whose creator's role must have a second factor works only while the creator has one. */
    private readonly mfaRequiredRoles: readonly Role[] = [],
  ) {
    this.unsubscribe = [
      // A revoked key's hash is published as an ended session's would be.
      bus.subscribe('session.ended', ({ tokenHashes, userId }) => {
        for (const h of tokenHashes ?? []) this.cache.delete(h);
        if (userId !== undefined) this.evict((e) => e.row.created_by === userId);
      }),
      bus.subscribe('user.changed', ({ userId }) => this.evict((e) => e.row.created_by === userId)),
      bus.subscribe('vendor.changed', ({ vendorId }) => this.evict((e) => e.row.vendor_id === vendorId)),
    ];
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.cache.clear();
  }

  clearCache(): void {
    this.cache.clear();
  }

  private evict(test: (e: Entry) => boolean): void {
    for (const [hash, entry] of this.cache) if (test(entry)) this.cache.delete(hash);
  }

  /** The identity of a key's secret used from `address`, or the 401 its caller must see. */
  async resolve(secret: string, address: string): Promise<Session> {
    const hash = sha256(secret);
    const now = this.now();
    let entry = this.cache.get(hash);
    if (!entry || now - entry.fetchedAt > this.ttlMs) {
      const loaded = await this.load(hash);
      if (!loaded) {
        this.cache.delete(hash);
        throw invalid();
      }
      entry = { ...loaded, fetchedAt: now };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, entry);
    }
    const { row, session } = entry;
    if (!session || row.revoked_at || new Date(row.expires_at).getTime() <= now) throw invalid();
    if (!addressInRanges(address, row.allowed_ranges))
      throw new UnauthorizedError('This API key may not be used from this address.');
    const last = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
    if (now - last > TOUCH_INTERVAL_MS || row.last_used_from !== address) {
      row.last_used_at = new Date(now);
      row.last_used_from = address;
      await this.db.execute(
        sql`UPDATE api_keys SET last_used_at = ${new Date(now)}, last_used_from = ${address} WHERE id = ${row.id}`,
      );
    }
    return session;
  }

  private async load(hash: string): Promise<{ row: KeyRow; session: Session | null } | null> {
    const [row] = await rowsOf<KeyRow>(
      this.db,
      sql`SELECT id, name, vendor_id, scopes, allowed_ranges, expires_at, revoked_at, created_by,
            last_used_at, last_used_from
          FROM api_keys WHERE secret_hash = ${hash}`,
    );
    if (!row) return null;
    const user = row.created_by === null ? null : await loadSessionUser(this.db, row.created_by);
    const link = user?.links.find((l) => l.vendorId === row.vendor_id);
    // The key works while its creator could act for its vendor: active, linked, the vendor not suspended.
    if (!user || !user.active || !link?.active || user.role === 'admin') return { row, session: null };
    // A key never stands in for a second factor its creator was required to set up and has not.
    if (this.mfaRequiredRoles.includes(user.role)) {
      const [factor] = await rowsOf<{ id: number }>(
        this.db,
        sql`SELECT id FROM user_factors WHERE user_id = ${user.id} AND confirmed_at IS NOT NULL LIMIT 1`,
      );
      if (!factor) return { row, session: null };
    }
    const created = new Date(row.expires_at).getTime();
    return {
      row,
      session: {
        id: -row.id,
        tokenHash: hash,
        createdAt: created,
        lastSeenAt: created,
        endedReason: null,
        user: {
          ...user,
          acceptedTOS: true,
          primaryVendorId: row.vendor_id,
          links: [{ vendorId: row.vendor_id, isPrimary: true, active: true, suspended: false }],
        },
        apiKey: {
          id: row.id,
          name: row.name,
          vendorId: row.vendor_id,
          scopes: row.scopes as ApiKeyScope[],
        },
      },
    };
  }
}
