import {
  WEBHOOK_ENDPOINTS_PER_VENDOR,
  WEBHOOK_TEST_EVENT,
  WebhookMessages,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf, textArray } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { OutboundError, type Outbound } from '../../platform/outbound.ts';
import { insertEvents, newEventId } from '../../platform/webhook-outbox.ts';
import { newWebhookSecret } from './deliver.ts';

/**
 * Webhook endpoints and their delivery logs. A vendor's users keep their vendor's endpoints; MLS
 * staff keep the MLS's own (no vendor: every vendor's events) and may see and switch off any.
 */

/** Whose endpoints a call reaches: one vendor's, or (staff) any, new ones being the MLS's own. */
export type Owner = { vendorId: number } | { staff: true };

const ownerFilter = (owner: Owner): SQL =>
  'vendorId' in owner ? sql`e.vendor_id = ${owner.vendorId}` : sql`TRUE`;

interface EndpointRow {
  id: number;
  vendor_id: number | null;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  c_username: string | null;
  c_first: string | null;
  c_last: string | null;
  secret_rotated_at: string | null;
  previous_secret_until: string | null;
  failing_since: string | null;
  last_delivery_at: string | null;
  last_delivery_status: number | null;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function endpointOf(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    vendorId: r.vendor_id,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    createdAt: iso(r.created_at)!,
    createdBy: r.c_username ? { username: r.c_username, firstName: r.c_first!, lastName: r.c_last! } : null,
    secretRotatedAt: iso(r.secret_rotated_at),
    previousSecretUntil: iso(r.previous_secret_until),
    failingSince: iso(r.failing_since),
    lastDeliveryAt: iso(r.last_delivery_at),
    lastDeliveryStatus: r.last_delivery_status,
  };
}

const SELECT = sql`
  SELECT e.id, e.vendor_id, e.url, e.description, e.event_types, e.enabled, e.disabled_reason,
    e.created_at::text, u.username AS c_username, u.first_name AS c_first, u.last_name AS c_last,
    e.secret_rotated_at::text,
    CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_until::text END AS previous_secret_until,
    e.failing_since::text, e.last_delivery_at::text, e.last_delivery_status
  FROM webhook_endpoints e LEFT JOIN users u ON u.id = e.created_by`;

interface DeliveryRow {
  id: number;
  event_id: string;
  type: string;
  created_at: string;
  state: WebhookDelivery['state'];
  attempts: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  payload?: string;
  response_body?: string | null;
}

function deliveryOf(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    createdAt: iso(r.created_at)!,
    state: r.state,
    attempts: r.attempts,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.state === 'pending' ? iso(r.next_attempt_at) : null,
    responseStatus: r.response_status,
    responseMs: r.response_ms,
    error: r.error,
  };
}

const DELIVERY = sql`
  SELECT d.id, d.event_id, ev.type, d.created_at::text, d.state, d.attempts, d.last_attempt_at::text,
    d.next_attempt_at::text, d.response_status, d.response_ms, d.error`;

export function webhooksService(ctx: AppContext, outbound: Outbound, wake: () => void) {
  const { db } = ctx;

  async function endpointRow(on: Db, owner: Owner, id: number): Promise<EndpointRow> {
    const [row] = await rowsOf<EndpointRow>(on, sql`${SELECT} WHERE e.id = ${id} AND ${ownerFilter(owner)}`);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Events go to public addresses only: an address pointing inside is refused when it is saved. */
  async function publicAddress(url: string): Promise<string> {
    const value = new URL(url.trim()).toString();
    try {
      await outbound.check(value);
    } catch (err) {
      // A name that does not resolve today may tomorrow; deliveries check again each time.
      if (err instanceof OutboundError && err.reason !== 'unreachable')
        throw new BadRequestError(WebhookMessages.urlNotPublic);
    }
    return value;
  }

  async function deliveryRow(
    owner: Owner,
    endpointId: number,
    id: number,
    detail = false,
  ): Promise<DeliveryRow> {
    await endpointRow(db, owner, endpointId);
    const [row] = await rowsOf<DeliveryRow>(
      db,
      sql`${DELIVERY} ${detail ? sql`, ev.payload, d.response_body` : sql``}
          FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
          WHERE d.id = ${id} AND d.endpoint_id = ${endpointId}`,
    );
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    /** A vendor's endpoints; for staff without a vendor, the MLS's own. */
    async list(vendorId: number | null): Promise<WebhookEndpoint[]> {
      const rows = await rowsOf<EndpointRow>(
        db,
        sql`${SELECT} WHERE ${vendorId === null ? sql`e.vendor_id IS NULL` : sql`e.vendor_id = ${vendorId}`}
            ORDER BY e.id`,
      );
      return rows.map(endpointOf);
    },

    async create(
      owner: Owner,
      actor: Actor,
      input: { url: string; description: string; eventTypes: WebhookEventType[] },
    ): Promise<WebhookWithSecret> {
      const url = await publicAddress(input.url);
      const vendorId = 'vendorId' in owner ? owner.vendorId : null;
      const secret = newWebhookSecret();
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7302, ${vendorId ?? 0})`);
        const [count] = await rowsOf<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM webhook_endpoints
              WHERE ${vendorId === null ? sql`vendor_id IS NULL` : sql`vendor_id = ${vendorId}`}`,
        );
        if (count!.n >= WEBHOOK_ENDPOINTS_PER_VENDOR) throw new ConflictError(WebhookMessages.tooMany);
        const [row] = await rowsOf<{ id: number }>(
          tx,
          sql`INSERT INTO webhook_endpoints (vendor_id, url, description, event_types, secret, created_by)
              VALUES (${vendorId}, ${url}, ${input.description}, ${textArray(input.eventTypes)}, ${secret},
                ${actor.userId})
              RETURNING id`,
        );
        return row!.id;
      });
      return { endpoint: endpointOf(await endpointRow(db, owner, id)), secret };
    },

    async update(
      owner: Owner,
      id: number,
      input: { url?: string; description?: string; eventTypes?: WebhookEventType[]; enabled?: boolean },
    ): Promise<WebhookEndpoint> {
      await endpointRow(db, owner, id);
      const url = input.url === undefined ? undefined : await publicAddress(input.url);
      const sets: SQL[] = [];
      if (url !== undefined) sets.push(sql`url = ${url}`);
      if (input.description !== undefined) sets.push(sql`description = ${input.description}`);
      if (input.eventTypes !== undefined) sets.push(sql`event_types = ${textArray(input.eventTypes)}`);
      if (input.enabled === true)
        sets.push(sql`enabled = true, disabled_reason = NULL, failing_since = NULL`);
      if (input.enabled === false) sets.push(sql`enabled = false, disabled_reason = NULL`);
      if (sets.length > 0)
        await db.execute(sql`UPDATE webhook_endpoints SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
      return endpointOf(await endpointRow(db, owner, id));
    },

    async remove(owner: Owner, id: number): Promise<void> {
      await endpointRow(db, owner, id);
      await db.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id}`);
    },

    /** A new secret; the old one keeps signing (beside it) for `overlapHours`. */
    async rotate(owner: Owner, id: number, overlapHours: number): Promise<WebhookWithSecret> {
      await endpointRow(db, owner, id);
      const secret = newWebhookSecret();
      await db.execute(
        sql`UPDATE webhook_endpoints SET previous_secret = ${overlapHours > 0 ? sql`secret` : sql`NULL`},
              previous_secret_until = ${overlapHours > 0 ? sql`now() + make_interval(hours => ${overlapHours})` : sql`NULL`},
              secret = ${secret}, secret_rotated_at = now()
            WHERE id = ${id}`,
      );
      return { endpoint: endpointOf(await endpointRow(db, owner, id)), secret };
    },

    /** Queues a `webhook.test` event for this endpoint alone. */
    async sendTest(owner: Owner, actor: Actor, id: number): Promise<WebhookDelivery> {
      const endpoint = await endpointRow(db, owner, id);
      if (!endpoint.enabled) throw new ConflictError(WebhookMessages.disabled);
      const eventId = newEventId();
      const payload = JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        vendorId: endpoint.vendor_id,
        data: {
          message: 'A test event from the Vendor Portal.',
          endpointId: id,
          sentBy: { username: actor.username, firstName: actor.firstName, lastName: actor.lastName },
        },
      });
      await db.transaction((tx) =>
        insertEvents(tx, [
          { id: eventId, vendorId: endpoint.vendor_id, type: WEBHOOK_TEST_EVENT, payload, endpoints: [id] },
        ]),
      );
      wake();
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`SELECT id FROM webhook_deliveries WHERE event_id = ${eventId}`,
      );
      return deliveryOf(await deliveryRow(owner, id, row!.id));
    },

    async deliveries(
      owner: Owner,
      id: number,
      query: { page: number; size: number; state?: WebhookDelivery['state'] },
    ): Promise<WebhookDeliveryList> {
      await endpointRow(db, owner, id);
      const where = sql`d.endpoint_id = ${id} ${query.state ? sql`AND d.state = ${query.state}` : sql``}`;
      const rows = await rowsOf<DeliveryRow>(
        db,
        sql`${DELIVERY} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
            WHERE ${where} ORDER BY d.id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
      );
      const [count] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${where}`,
      );
      return { items: rows.map(deliveryOf), total: count!.n };
    },

    async delivery(owner: Owner, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
      const row = await deliveryRow(owner, id, deliveryId, true);
      return { ...deliveryOf(row), payload: row.payload ?? '', responseBody: row.response_body ?? null };
    },

    /** Sends a delivery again now, whatever became of it; the receiver sees the same event id. */
    async redeliver(owner: Owner, id: number, deliveryId: number): Promise<WebhookDelivery> {
      const endpoint = await endpointRow(db, owner, id);
      if (!endpoint.enabled) throw new ConflictError(WebhookMessages.disabled);
      await deliveryRow(owner, id, deliveryId);
      await db.execute(
        sql`UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now(), claimed_until = NULL
            WHERE id = ${deliveryId} AND endpoint_id = ${id}`,
      );
      wake();
      return deliveryOf(await deliveryRow(owner, id, deliveryId));
    },
  };
}
