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

interface Envelope {
  origin: string;
  channel: string;
  payload: unknown;
}

class PostgresBus extends LocalBus {
  private readonly origin = crypto.randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
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
        const env = JSON.parse(msg.payload) as Envelope;
        if (env.origin !== this.origin) this.deliver(env.channel, env.payload);
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

  override async publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void> {
    this.deliver(channel, payload);
    const envelope: Envelope = { origin: this.origin, channel, payload };
    await this.pool.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify(envelope)]);
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
