import crypto from 'node:crypto';
import { Messages } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { intArray, rowsOf, textArray } from '../db/sql.ts';
import { addressGroup } from './client-address.ts';

/**
 * Request budgets at the edge: before a request is routed to any work (no session lookup, no
 * database), each session token and each client address draws from a token bucket, refilled at
 * a steady rate up to a burst; an expensive request draws EXPENSIVE_COST from its session's. An
 * empty bucket is answered 429 with Retry-After at once, so one user's flood costs the server
 * microseconds a request and cannot crowd out other tenants.
 *
 * On PostgreSQL the budgets hold across instances too: each instance adds what every key used to
 * a shared count per minute once a second (one statement), and a key whose minute across all
 * instances is over its share is refused on every instance until the minute ends.
 *
 * Loopback addresses have no address budget (a proxy on the same host, the tests); a session
 * still has its own.
 */

export interface EdgeBudgetOptions {
  /** Requests per second a session may keep up, and how many it may send at once. */
  userRate: number;
  userBurst: number;
  /** The same for one client address (an IPv6 /64), all its sessions and anonymous calls together. */
  addressRate: number;
  addressBurst: number;
}

/**
 * What an expensive request (see expensive.ts) costs a session, in requests: a list page or the
 * export keeps the database busy many times longer than a small read.
 */
export const EXPENSIVE_COST = 5;

export const DEFAULT_EDGE_BUDGET: EdgeBudgetOptions = {
  userRate: 20,
  userBurst: 120,
  addressRate: 60,
  addressBurst: 300,
};

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets in memory, forgotten once full again (a bucket left alone refills). */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Takes `cost` tokens; answers 0 when taken, else the seconds until they are there. */
  take(key: string, now = performance.now(), cost = 1): number {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= 100_000) this.sweep(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
      bucket.at = now;
    }
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return 0;
    }
    return (cost - bucket.tokens) / this.rate;
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((now - b.at) / 1000) * this.rate >= this.burst) this.buckets.delete(key);
  }
}

/** What every instance together used this minute, for the keys this one saw; PostgreSQL only. */
class SharedMinutes {
  private pending = new Map<string, number>();
  private readonly blocked = new Map<string, number>();
  private flushing = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly database: Database,
    private readonly limitOf: (key: string) => number,
    onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush().catch(onError), 1000);
    this.timer.unref();
  }

  count(key: string): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Seconds until the key may go on, when the shared count has it over for this minute. */
  blockedFor(key: string, now = Date.now()): number {
    const until = this.blocked.get(key);
    if (until === undefined) return 0;
    if (until <= now) {
      this.blocked.delete(key);
      return 0;
    }
    return (until - now) / 1000;
  }

  async flush(now = Date.now()): Promise<void> {
    if (this.flushing || this.pending.size === 0) return;
    this.flushing = true;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const minute = Math.floor(now / 60_000);
      const keys = [...batch.keys()];
      const rows = await rowsOf<{ key: string; used: number }>(
        this.database.db,
        sql`INSERT INTO rate_windows (scope, key, minute, used)
            SELECT 'edge', k, ${minute}, n FROM unnest(${textArray(keys)}, ${intArray(keys.map((k) => batch.get(k)!))}) AS u(k, n)
            ON CONFLICT (scope, key, minute) DO UPDATE SET used = rate_windows.used + excluded.used
            RETURNING key, used`,
      );
      const minuteEnds = (minute + 1) * 60_000;
      for (const row of rows) if (row.used > this.limitOf(row.key)) this.blocked.set(row.key, minuteEnds);
    } finally {
      this.flushing = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}

const LOOPBACK = /^(127\.|::1$)/;

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token && token.length <= 200 ? token : null;
}

export function registerEdgeBudget(
  app: FastifyInstance,
  database: Database,
  options: EdgeBudgetOptions = DEFAULT_EDGE_BUDGET,
): { flush(): Promise<void> } {
  const users = new TokenBuckets(options.userRate, options.userBurst);
  const addresses = new TokenBuckets(options.addressRate, options.addressBurst);
  // A minute's share: the steady rate for a minute plus one burst.
  const userMinute = options.userRate * 60 + options.userBurst;
  const addressMinute = options.addressRate * 60 + options.addressBurst;
  const shared =
    database.kind === 'postgres'
      ? new SharedMinutes(
          database,
          (key) => (key.startsWith('u:') ? userMinute : addressMinute),
          (err) => app.log.warn({ err }, 'the shared request budget could not be counted'),
        )
      : null;
  if (shared) app.addHook('onClose', async () => shared.close());

  const refuse = (reply: FastifyReply, seconds: number) =>
    reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(seconds))))
      .send({ code: 429, message: Messages.tooManyRequests });

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || request.url === '/api/health') return done();
    const group = addressGroup(request.ip);
    const keys: string[] = [];
    if (!LOOPBACK.test(request.ip)) keys.push(`a:${group}`);
    const token = bearerOf(request);
    // A token's bucket is keyed by a short hash of it: the token itself is never kept.
    if (token) keys.push(`u:${crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22)}`);
    // A request that reads much (a list page, a search, the export) costs a session several.
    const cost = request.routeOptions.config?.expensive ? EXPENSIVE_COST : 1;
    let wait = 0;
    for (const key of keys) {
      wait = Math.max(wait, shared?.blockedFor(key) ?? 0);
      const user = key.startsWith('u:');
      wait = Math.max(wait, (user ? users : addresses).take(key, performance.now(), user ? cost : 1));
      shared?.count(key);
    }
    if (wait > 0) {
      refuse(reply, wait);
      return;
    }
    done();
  });
  /** Adds this instance's counts to the shared ones now (they are added every second anyway). */
  return { flush: async () => shared?.flush() };
}
