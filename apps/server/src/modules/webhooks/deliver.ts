import crypto from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_MS,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/sql.ts';
import { OutboundError, type Outbound } from '../../platform/outbound.ts';
import { onWebhookRaised } from '../../platform/webhook-outbox.ts';

/**
 * Delivering the outbox: due deliveries are claimed (FOR UPDATE SKIP LOCKED, with a lease a dead
 * instance's claim outlives by a minute), posted through the outbound rules with the Standard
 * Webhooks headers, and marked with the receiver's answer. A failure waits longer each time and is
 * given up 24 hours after its event; an endpoint whose deliveries have all failed for three days
 * is disabled and its vendor told. The first delivery an endpoint takes again brings its waiting
 * ones forward.
 */

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/** Seconds before the next attempt, after the n-th failure (the last repeats until 24 hours pass). */
export const RETRY_WAITS_SECONDS = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800];

const BATCH = 50;
const LEASE_SECONDS = 60;
/** What is kept of a receiver's answer. */
const ANSWER_KEPT = 2_000;

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

/** `v1,` and the HMAC-SHA256 of `id.timestamp.body` under the secret's bytes (Standard Webhooks). */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface Claimed {
  id: number;
  endpoint_id: number;
  event_id: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  payload: string;
  age_seconds: number;
}

export interface Dispatcher {
  /** Delivers every delivery due, until none is left; one drain at a time per instance. */
  drain(): Promise<number>;
  /** Looks for deliveries due soon (not with WEBHOOK_POLL_MS=0: the tests drain themselves). */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createDispatcher(ctx: AppContext, outbound: Outbound): Dispatcher {
  const { db, log } = ctx;
  let draining: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let stopped = false;

  const claim = () =>
    rowsOf<Claimed>(
      db,
      sql`WITH due AS (
            SELECT d.id FROM webhook_deliveries d
            JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
            WHERE d.state = 'pending' AND d.next_attempt_at <= now()
              AND (d.claimed_until IS NULL OR d.claimed_until < now())
            ORDER BY d.next_attempt_at, d.id
            LIMIT ${BATCH}
            FOR UPDATE OF d SKIP LOCKED
          ), claimed AS (
            UPDATE webhook_deliveries d
            SET claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
            FROM due WHERE d.id = due.id
            RETURNING d.id, d.endpoint_id, d.event_id, d.attempts
          )
          SELECT c.id, c.endpoint_id, c.event_id, c.attempts, e.url, e.secret,
            CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END AS previous_secret,
            ev.payload, extract(epoch FROM now() - ev.created_at)::float8 AS age_seconds
          FROM claimed c
          JOIN webhook_endpoints e ON e.id = c.endpoint_id
          JOIN webhook_events ev ON ev.id = c.event_id`,
    );

  async function delivered(d: Claimed, status: number, ms: number, body: string): Promise<void> {
    const [endpoint] = await rowsOf<{ was_failing: boolean }>(
      db,
      sql`WITH done AS (
            UPDATE webhook_deliveries SET state = 'delivered', claimed_until = NULL, next_attempt_at = NULL,
              last_attempt_at = now(), response_status = ${status}, response_ms = ${ms},
              response_body = ${body}, error = NULL
            WHERE id = ${d.id}
          ), before AS (SELECT failing_since FROM webhook_endpoints WHERE id = ${d.endpoint_id})
          UPDATE webhook_endpoints SET failing_since = NULL, last_delivery_at = now(),
            last_delivery_status = ${status}
          WHERE id = ${d.endpoint_id}
          RETURNING (SELECT failing_since IS NOT NULL FROM before) AS was_failing`,
    );
    // The receiver is back: what waited for it goes now, not at its next turn.
    if (endpoint?.was_failing)
      await db.execute(
        sql`UPDATE webhook_deliveries SET next_attempt_at = now()
            WHERE endpoint_id = ${d.endpoint_id} AND state = 'pending' AND next_attempt_at > now()`,
      );
  }

  async function failed(d: Claimed, status: number | null, ms: number, body: string | null, error: string) {
    const wait = RETRY_WAITS_SECONDS[Math.min(d.attempts - 1, RETRY_WAITS_SECONDS.length - 1)]!;
    const givenUp = d.age_seconds + wait > WEBHOOK_RETRY_HOURS * 3_600;
    const [endpoint] = await rowsOf<{ overdue: boolean }>(
      db,
      sql`WITH done AS (
            UPDATE webhook_deliveries SET state = ${givenUp ? 'failed' : 'pending'}, claimed_until = NULL,
              next_attempt_at = ${givenUp ? null : sql`now() + make_interval(secs => ${wait})`},
              last_attempt_at = now(), response_status = ${status}, response_ms = ${ms},
              response_body = ${body}, error = ${error.slice(0, 500)}
            WHERE id = ${d.id}
          )
          UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()),
            last_delivery_at = now(), last_delivery_status = ${status}
          WHERE id = ${d.endpoint_id}
          RETURNING enabled AND failing_since < now() - make_interval(days => ${WEBHOOK_DISABLE_AFTER_DAYS}) AS overdue`,
    );
    if (endpoint?.overdue) await disable(d.endpoint_id);
  }

  /** Disables an endpoint that has failed too long, and mails its vendor's users (or its MLS maker). */
  async function disable(endpointId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [endpoint] = await rowsOf<{ url: string; vendor_id: number | null; created_by: number | null }>(
        tx,
        sql`UPDATE webhook_endpoints SET enabled = false,
              disabled_reason = ${`Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days.`}
            WHERE id = ${endpointId} AND enabled
            RETURNING url, vendor_id, created_by`,
      );
      if (!endpoint) return;
      const people = await rowsOf<{ email: string }>(
        tx,
        endpoint.vendor_id === null
          ? sql`SELECT email FROM users WHERE id = ${endpoint.created_by} AND active`
          : sql`SELECT DISTINCT u.email FROM users u JOIN user_vendors l ON l.user_id = u.id
                WHERE l.vendor_id = ${endpoint.vendor_id} AND l.active AND u.active AND u.role = 'vendor'`,
      );
      for (const { email } of people)
        await ctx.mailer.send(
          {
            to: email,
            subject: 'A webhook endpoint was disabled',
            text:
              `Every delivery to ${endpoint.url} has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so the ` +
              `portal has stopped sending events to it. Once it answers again, enable it under ` +
              `Tools → Webhooks; its delivery log shows what it answered.`,
          },
          tx,
        );
      log.warn({ endpointId, url: endpoint.url }, 'webhook endpoint disabled after failing for days');
    });
  }

  async function deliverOne(d: Claimed): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const signatures = [d.secret, ...(d.previous_secret ? [d.previous_secret] : [])]
      .map((s) => signatureOf(s, d.event_id, timestamp, d.payload))
      .join(' ');
    const started = performance.now();
    try {
      const res = await outbound.send(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': d.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatures,
        },
        body: d.payload,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        followRedirect: () => false,
      });
      const answer = res.body.subarray(0, ANSWER_KEPT).toString('utf8');
      if (res.status >= 200 && res.status < 300) await delivered(d, res.status, res.ms, answer);
      else await failed(d, res.status, res.ms, answer, `The receiver answered ${res.status}.`);
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      const message = err instanceof OutboundError ? err.message : 'The delivery could not be made.';
      if (!(err instanceof OutboundError)) log.warn({ err, deliveryId: d.id }, 'webhook delivery failed');
      await failed(d, null, ms, null, message);
    }
  }

  async function drainAll(): Promise<number> {
    let total = 0;
    do {
      again = false;
      for (;;) {
        const batch = await claim();
        if (batch.length === 0) break;
        total += batch.length;
        await Promise.all(batch.map(deliverOne));
        if (stopped) return total;
      }
    } while (again && !stopped);
    return total;
  }

  function drain(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drainAll().finally(() => {
      draining = null;
    });
    return draining;
  }

  const nudge = () => {
    if (stopped || ctx.config.webhookPollMs === 0) return;
    drain().catch((err: unknown) =>
      log.warn({ err }, 'webhook deliveries not sent; the next look sends them'),
    );
  };

  return {
    drain,
    nudge() {
      setTimeout(nudge, 20).unref();
    },
    start() {
      if (ctx.config.webhookPollMs === 0) return;
      timer = setInterval(nudge, ctx.config.webhookPollMs);
      timer.unref();
      // Raised here: its transaction commits in a moment (on the embedded database the claim
      // waits for it), and a look a little later catches a slower commit.
      unsubscribe = onWebhookRaised(() => {
        setTimeout(nudge, 20).unref();
        setTimeout(nudge, 250).unref();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await draining?.catch(() => undefined);
    },
  };
}
