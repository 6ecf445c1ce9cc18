import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@vp/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Events between parts of the app and, with PostgreSQL, between instances: session ends, user
 * changes and (later) live-channel fan-out. Publishing delivers to local subscribers at once; the
 * PostgreSQL bus also NOTIFYs the other instances, which deliver to theirs.
 */
export interface BusEvents {
  /** Sessions ended: by token hash, or every session of a user. */
  'session.ended': { tokenHashes?: string[]; userId?: number };
  /** A user's profile, role, activity or vendor links changed. */
  'user.changed': { userId: number };
  /** A document was created, deleted, signed (fully), declined or voided; notifications consume it. */
  'document.changed': {
    vendorId: number;
    websiteId: number | null;
    documentId: number;
    action: 'created' | 'deleted' | 'signed' | 'declined' | 'voided';
    username: string;
  };
  /** A vendor's standing changed (suspended, reinstated): sockets acting for it are checked again. */
  'vendor.changed': { vendorId: number };
  /** A live event for the sockets of a vendor (see live.ts). Small: ids and names, no content. */
  'live.event': {
    target: { vendorId: number; userIds?: number[]; staffOnly?: boolean };
    event: LiveEvent;
  };
}
export type BusChannel = keyof BusEvents;

export interface EventBus {
  publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void>;
  subscribe<C extends BusChannel>(channel: C, handler: (payload: BusEvents[C]) => void): () => void;
  /**
   * Called when this instance may have missed events of other instances (its listening connection
   * was lost and is back): whoever relies on them must catch up.
   */
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}

export class LocalBus implements EventBus {
  protected readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  protected deliver(channel: string, payload: unknown): void {
    this.emitter.emit(channel, payload);
  }
  async publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void> {
    this.deliver(channel, payload);
  }
  subscribe<C extends BusChannel>(channel: C, handler: (payload: BusEvents[C]) => void): () => void {
    const listener = (payload: BusEvents[C]) => {
      try {
        handler(payload);
      } catch {
        // One faulty subscriber must not stop delivery to the others.
      }
    };
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
  /** Tells this instance's gap handlers that events may have been missed. */
  announceGap(): void {
    this.emitter.emit(GAP);
  }
  onGap(handler: () => void): () => void {
    this.emitter.on(GAP, handler);
    return () => this.emitter.off(GAP, handler);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Not a channel: local only, never published. */
const GAP = Symbol('gap');

export function createLocalBus(): EventBus {
  return new LocalBus();
}

const PG_CHANNEL = 'vp_events';
const RECONNECT_MS = 2_000;

/** One event as it travels between instances. */
interface Envelope {
  channel: string;
  payload: unknown;
}

/**
 * One NOTIFY: the events an instance published while its previous NOTIFY was under way. `seq`
 * keeps two batches of the same events apart, which one transaction would otherwise merge.
 */
interface Batch {
  origin: string;
  seq: number;
  events: Envelope[];
}

/** A NOTIFY payload must stay under 8,000 bytes: batches are cut below that. */
const BATCH_BYTES = 7_000;

interface Pending {
  text: string;
  sent: () => void;
  failed: (err: unknown) => void;
}

/**
 * Cuts the pending events into NOTIFY payloads of at most BATCH_BYTES (an event larger than that
 * alone travels alone; the live hub keeps each under the limit).
 */
function batchesOf(origin: string, firstSeq: number, pending: Pending[]): string[] {
  const head = (seq: number) => `{"origin":${JSON.stringify(origin)},"seq":${seq},"events":[`;
  const out: string[] = [];
  let parts: string[] = [];
  let size = 0;
  const cut = () => {
    if (!parts.length) return;
    out.push(`${head(firstSeq + out.length)}${parts.join(',')}]}`);
    parts = [];
    size = 0;
  };
  for (const { text } of pending) {
    if (parts.length && size + text.length + 1 > BATCH_BYTES - 100) cut();
    parts.push(text);
    size += text.length + 1;
  }
  cut();
  return out;
}

class PostgresBus extends LocalBus {
  private readonly origin = crypto.randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  private pending: Pending[] = [];
  private sending = false;
  private seq = 0;
  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  /** The listening connection's backend pid (tests end it to prove the reconnect). */
  get listenerPid(): number | null {
    return (this.listener as unknown as { processID?: number } | null)?.processID ?? null;
  }

  async start(reconnecting = false): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        const batch = JSON.parse(msg.payload) as Batch | (Envelope & { origin: string });
        if (batch.origin === this.origin) return;
        // One event per NOTIFY is how an instance of the previous release sends (a rolling update).
        for (const { channel, payload } of 'events' in batch ? batch.events : [batch])
          this.deliver(channel, payload);
      } catch (err) {
        this.log.warn({ err }, 'ignored malformed event');
      }
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event listener connection lost; reconnecting');
      this.listener = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      if (!reconnecting) throw err;
      this.log.warn({ err }, 'event listener could not reconnect; trying again');
      this.retry();
      return;
    }
    this.listener = client;
    // Whatever other instances published while it was away is lost: tell those who must catch up.
    if (reconnecting) this.announceGap();
  }

  private retry(): void {
    setTimeout(() => {
      if (!this.closed) void this.start(true);
    }, RECONNECT_MS).unref();
  }

  /**
   * Delivered here at once; to the other instances in a NOTIFY. While one NOTIFY is under way, the
   * events published meanwhile wait and then go together, in one statement: under load an instance
   * commits one NOTIFY transaction per round trip instead of one per event, and an idle one sends
   * each event at once. Settles once the event's NOTIFY has committed.
   */
  override publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void> {
    this.deliver(channel, payload);
    const envelope: Envelope = { channel, payload };
    return new Promise<void>((sent, failed) => {
      this.pending.push({ text: JSON.stringify(envelope), sent, failed });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      const payloads = batchesOf(this.origin, this.seq, batch);
      this.seq += payloads.length;
      try {
        await this.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [PG_CHANNEL, payloads]);
        for (const p of batch) p.sent();
      } catch (err) {
        for (const p of batch) p.failed(err);
      }
    }
    this.sending = false;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.listener?.end().catch(() => undefined);
  }
}

export async function createPostgresBus(
  url: string,
  pool: pg.Pool,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const bus = new PostgresBus(url, pool, log);
  await bus.start();
  return bus;
}
