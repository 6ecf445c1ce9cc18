import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  TERMS_VERSION,
  type ApiKeyScope,
  type Role,
} from '@vp/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailChanges, sessions, userVendors, users, vendors, type SessionEndReason } from '../db/schema.ts';
import { sessionErrors } from './errors.ts';
import type { EventBus } from './events.ts';
import { newToken, sha256 } from './passwords.ts';

/** The user as a session sees it; cached with the session so hot reads skip the database. */
export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  acceptedTOS: boolean;
  active: boolean;
  avatar: string | null;
  /** The theme chosen with the account; null follows the device. */
  theme: 'light' | 'dark' | null;
  /** A new email address waiting for its confirmation link. */
  pendingEmail: string | null;
  primaryVendorId: number | null;
  /** `active` only when both the link and its vendor are; `suspended` when the vendor is not. */
  links: { vendorId: number; isPrimary: boolean; active: boolean; suspended: boolean }[];
}

/** An API key acting as its creator, for its vendor, within its scopes (api-keys.ts). */
export interface ApiKeyIdentity {
  id: number;
  name: string;
  vendorId: number;
  scopes: ApiKeyScope[];
}

export interface Session {
  /** Set when the caller is an API key rather than a signed-in user. */
  apiKey?: ApiKeyIdentity;
  id: number;
  tokenHash: string;
  createdAt: number;
  lastSeenAt: number;
  endedReason: SessionEndReason | null;
  user: SessionUser;
}

interface CacheEntry {
  session: Session;
  fetchedAt: number;
}

export interface SessionOptions {
  /** How long a resolved session is trusted without asking the database. */
  cacheTtlMs?: number;
  cacheMax?: number;
  now?: () => number;
}

/** last_seen is written at most this often per session; idle expiry is far coarser anyway. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_TOKEN_LENGTH = 200;

export class SessionService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly hashes = new Map<string, string>();
  private readonly ttl: number;
  private readonly max: number;
  private readonly now: () => number;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    options: SessionOptions = {},
  ) {
    this.ttl = options.cacheTtlMs ?? 30_000;
    this.max = options.cacheMax ?? 10_000;
    this.now = options.now ?? Date.now;
    this.unsubscribe = [
      bus.subscribe('session.ended', ({ tokenHashes, userId }) => {
        for (const h of tokenHashes ?? []) this.cache.delete(h);
        if (userId !== undefined) this.evictUser(userId);
      }),
      bus.subscribe('user.changed', ({ userId }) => this.evictUser(userId)),
    ];
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.cache.clear();
  }

  /** Drops every cached session, e.g. after a test edits session rows directly. */
  clearCache(): void {
    this.cache.clear();
  }

  private evictUser(userId: number): void {
    for (const [hash, entry] of this.cache) if (entry.session.user.id === userId) this.cache.delete(hash);
  }

  /**
   * Opens a session. Only the sign-in module calls this (modules/mfa's `openSession`), once every
   * step the user's sign-in needs is done; `confirmed` says the user gave a password or a second
   * factor just now.
   */
  async create(
    userId: number,
    meta: { address?: string | null; userAgent?: string | null; confirmed?: boolean } = {},
  ): Promise<string> {
    const token = newToken();
    const at = new Date(this.now());
    await this.db.insert(sessions).values({
      tokenHash: sha256(token),
      userId,
      createdAt: at,
      lastSeenAt: at,
      address: meta.address ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      confirmedAt: meta.confirmed ? at : null,
    });
    return token;
  }

  /** The live session of a bearer token, or the 401 the client must see (50008, 50012, 50014). */
  async resolve(token: string): Promise<Session> {
    if (!token || token.length > MAX_TOKEN_LENGTH) throw sessionErrors.invalid();
    const tokenHash = this.hashOf(token);
    const now = this.now();
    let entry = this.cache.get(tokenHash);
    if (!entry || now - entry.fetchedAt > this.ttl) {
      const session = await this.load(tokenHash);
      if (!session) {
        this.cache.delete(tokenHash);
        throw sessionErrors.invalid();
      }
      entry = { session, fetchedAt: now };
      this.remember(tokenHash, entry);
    }
    const s = entry.session;
    if (s.endedReason === 'logout') throw sessionErrors.invalid();
    if (s.endedReason || !s.user.active) throw sessionErrors.ended();
    if (!this.withinLimits(s)) throw sessionErrors.expired();
    if (now - s.lastSeenAt > TOUCH_INTERVAL_MS) {
      s.lastSeenAt = now;
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, s.id));
    }
    return s;
  }

  /** This service's clock (tests move it). */
  clock(): number {
    return this.now();
  }

  /**
   * The session of a token hash as the database has it now, when it is still live (not ended, its
   * user active, within both the idle and the absolute limit); null otherwise. Nothing is touched:
   * a caller that only listens (a live socket) is not activity.
   */
  async live(tokenHash: string): Promise<Session | null> {
    const s = await this.load(tokenHash);
    if (!s || s.endedReason || !s.user.active || !this.withinLimits(s)) return null;
    return s;
  }

  /** Whether a session is inside its idle and absolute limits at this moment. */
  withinLimits(s: Pick<Session, 'createdAt' | 'lastSeenAt'>): boolean {
    const now = this.now();
    return now - s.createdAt <= SESSION_ABSOLUTE_MS && now - s.lastSeenAt <= SESSION_IDLE_MS;
  }

  /**
   * A token's hash, remembered for the tokens seen lately: a token's hash never changes, and a
   * busy session's every request would hash it again.
   */
  private hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (hash === undefined) {
      hash = sha256(token);
      if (this.hashes.size >= this.max) {
        const oldest = this.hashes.keys().next();
        if (!oldest.done) this.hashes.delete(oldest.value);
      }
      this.hashes.set(token, hash);
    }
    return hash;
  }

  private remember(hash: string, entry: CacheEntry): void {
    if (this.cache.size >= this.max) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(hash, entry);
  }

  private async load(tokenHash: string): Promise<Session | null> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        endedReason: sessions.endedReason,
        userId: sessions.userId,
      })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    if (!row) return null;
    const user = await loadSessionUser(this.db, row.userId);
    if (!user) return null;
    return {
      id: row.id,
      tokenHash,
      createdAt: row.createdAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
      endedReason: row.endedReason,
      user,
    };
  }

  async end(tokenHash: string, reason: SessionEndReason): Promise<void> {
    await this.db
      .update(sessions)
      .set({ endedAt: new Date(this.now()), endedReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
    await this.bus.publish('session.ended', { tokenHashes: [tokenHash] });
  }

  /** Ends every live session of a user, except the one given (the caller's own). */
  async endAllForUser(
    userId: number,
    reason: SessionEndReason,
    exceptTokenHash?: string,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(sessions)
      .set({ endedAt: new Date(this.now()), endedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : sql`true`,
        ),
      );
    await this.bus.publish('session.ended', { userId });
  }

  /**
   * Ends every live session of a user in the caller's transaction, without telling anyone yet: an
   * instance told before the commit could reload the session as still open. Call `announceEnded`
   * once the transaction has committed.
   */
  async endAllInTransaction(tx: Db, userId: number, reason: SessionEndReason): Promise<void> {
    await tx
      .update(sessions)
      .set({ endedAt: new Date(this.now()), endedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  }

  /** Tells every instance that a user's sessions ended: caches forget them, their sockets close. */
  async announceEnded(userId: number): Promise<void> {
    await this.bus.publish('session.ended', { userId });
  }

  /** Tells every instance that a user's cached data is stale. */
  async userChanged(userId: number): Promise<void> {
    await this.bus.publish('user.changed', { userId });
  }
}

export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  const rows = await db
    .select({
      vendorId: userVendors.vendorId,
      isPrimary: userVendors.isPrimary,
      linkActive: userVendors.active,
      vendorActive: vendors.active,
    })
    .from(userVendors)
    .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
    .where(eq(userVendors.userId, userId))
    .orderBy(userVendors.vendorId);
  const links = rows.map((r) => ({
    vendorId: r.vendorId,
    isPrimary: r.isPrimary,
    active: r.linkActive && r.vendorActive,
    suspended: !r.vendorActive,
  }));
  const primary = links.find((l) => l.isPrimary && l.active) ?? links.find((l) => l.active);
  const [pending] = await db
    .select({ email: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    // Accepted only in the version in force: a new version asks again.
    acceptedTOS: u.acceptedTosAt !== null && u.acceptedTosVersion === TERMS_VERSION,
    active: u.active,
    avatar: u.avatar,
    theme: u.theme,
    pendingEmail: pending?.email ?? null,
    primaryVendorId: primary?.vendorId ?? null,
    links,
  };
}
