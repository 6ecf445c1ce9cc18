import crypto from 'node:crypto';
import type { WebhookEventType } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf, textArray } from '../db/sql.ts';

/**
 * The webhook outbox. A change raises its events in its own transaction: each event subscribed to
 * by an enabled endpoint (the vendor's own, or an MLS endpoint that takes every vendor's) is written
 * with its body and one delivery per endpoint, so a change rolled back sends nothing and a change
 * kept is sent at least once. The body names the object as the API returns it, read in the same
 * transaction, so it is the object as the change left it. Modules say how their objects are read
 * (`defineWebhookSubject`); platform code knows none of them.
 */

export type WebhookSubjectLoader = (db: Db, ids: number[]) => Promise<Map<number, unknown>>;

const loaders = new Map<string, WebhookSubjectLoader>();
const wakers = new Set<() => void>();

/** How the objects of a kind (website, …) are read for an event's body. */
export function defineWebhookSubject(kind: string, loader: WebhookSubjectLoader): void {
  loaders.set(kind, loader);
}

/** Called after events are raised, so a dispatcher of this process looks soon. */
export function onWebhookRaised(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export interface RaisedEvent {
  vendorId: number;
  type: WebhookEventType;
  /** The object the event is about, read with its kind's loader into `data[kind]`. */
  subject?: { kind: string; id: number };
  data?: Record<string, unknown>;
}

/** `msg_` and 26 characters, ordered by time: the event's id, and its `webhook-id`. */
export function newEventId(): string {
  return `msg_${Date.now().toString(36).padStart(10, '0')}${crypto.randomBytes(8).toString('hex')}`;
}

interface Subscriber {
  id: number;
  vendor_id: number | null;
  event_types: string[];
}

/** Raises `events` in the transaction `tx`; nothing is written when no endpoint wants them. */
export async function raiseWebhookEvents(tx: Db, events: readonly RaisedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const vendorIds = [...new Set(events.map((e) => e.vendorId))];
  const types = [...new Set(events.map((e) => e.type))];
  const subscribers = await rowsOf<Subscriber>(
    tx,
    sql`SELECT id, vendor_id, event_types FROM webhook_endpoints
        WHERE enabled AND (vendor_id IS NULL OR vendor_id = ANY(${intArray(vendorIds)}))
          AND event_types && ${textArray(types)}`,
  );
  if (subscribers.length === 0) return;
  const wanted = events
    .map((event) => ({
      event,
      endpoints: subscribers
        .filter(
          (s) =>
            (s.vendor_id === null || s.vendor_id === event.vendorId) && s.event_types.includes(event.type),
        )
        .map((s) => s.id),
    }))
    .filter((w) => w.endpoints.length > 0);
  if (wanted.length === 0) return;

  const objects = new Map<string, Map<number, unknown>>();
  for (const kind of new Set(wanted.flatMap((w) => (w.event.subject ? [w.event.subject.kind] : [])))) {
    const ids = [
      ...new Set(wanted.flatMap((w) => (w.event.subject?.kind === kind ? [w.event.subject.id] : []))),
    ];
    const loader = loaders.get(kind);
    objects.set(kind, loader ? await loader(tx, ids) : new Map());
  }
  const timestamp = new Date().toISOString();
  const rows = wanted.map(({ event, endpoints }) => {
    const id = newEventId();
    const data: Record<string, unknown> = { ...event.data };
    if (event.subject) {
      data[`${event.subject.kind}Id`] = event.subject.id;
      data[event.subject.kind] = objects.get(event.subject.kind)?.get(event.subject.id) ?? null;
    }
    const payload = JSON.stringify({ id, type: event.type, timestamp, vendorId: event.vendorId, data });
    return { id, vendorId: event.vendorId, type: event.type, payload, endpoints };
  });
  await insertEvents(tx, rows);
  for (const wake of wakers) wake();
}

/** Writes events with their deliveries, two statements whatever their number. */
export async function insertEvents(
  tx: Db,
  rows: { id: string; vendorId: number | null; type: string; payload: string; endpoints: number[] }[],
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO webhook_events (id, vendor_id, type, payload)
    SELECT e->>'id', (e->>'vendorId')::int, e->>'type', e->>'payload'
    FROM jsonb_array_elements(${JSON.stringify(rows.map(({ endpoints: _, ...r }) => r))}::jsonb) e`);
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT d->>'eventId', (d->>'endpointId')::int
    FROM jsonb_array_elements(${JSON.stringify(
      rows.flatMap((r) => r.endpoints.map((endpointId) => ({ eventId: r.id, endpointId }))),
    )}::jsonb) d`);
}
