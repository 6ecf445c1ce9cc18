import { Messages } from '@vp/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Overload is shed at once: when more requests are under way than the server can finish within
 * SHED_AFTER_MS at the rate it has been finishing them, a new API request is answered 503 with
 * Retry-After before any work is done for it, instead of waiting many seconds and timing out.
 * Requests already under way are served; the health check and the live channel are never shed.
 *
 * The rate is what the server finished in the last few seconds, but never taken below MIN_RATE,
 * so a burst on an idle server is not shed for want of a measure. (Requests, not statements, are
 * counted: the embedded database runs its statements on this thread, so a queue of statements is
 * never seen while it waits, but the requests that wait are.)
 */
export const SHED_AFTER_MS = 2_000;
export const MIN_RATE = 100;
const RETRY_AFTER_SECONDS = 2;
const SLOT_MS = 250;
const SLOTS = 16;

export class RequestLoad {
  private inFlight = 0;
  private readonly done = new Array<number>(SLOTS).fill(0);
  private slotAt = 0;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.slotAt = Math.floor(this.now() / SLOT_MS);
  }

  get underWay(): number {
    return this.inFlight;
  }

  started(): void {
    this.inFlight += 1;
  }

  finished(): void {
    this.inFlight -= 1;
    this.advance();
    this.done[this.slotAt % SLOTS]! += 1;
  }

  /** Requests finished per second lately, at least MIN_RATE. */
  rate(): number {
    this.advance();
    const finished = this.done.reduce((a, b) => a + b, 0);
    return Math.max(MIN_RATE, finished / ((SLOTS * SLOT_MS) / 1000));
  }

  /** How long a new request would wait behind those under way, in milliseconds. */
  expectedWaitMs(): number {
    return (this.inFlight / this.rate()) * 1000;
  }

  private advance(): void {
    const slot = Math.floor(this.now() / SLOT_MS);
    for (let s = Math.max(this.slotAt + 1, slot - SLOTS + 1); s <= slot; s++) this.done[s % SLOTS] = 0;
    this.slotAt = Math.max(this.slotAt, slot);
  }
}

const NEVER_SHED = (url: string) =>
  !url.startsWith('/api/') || url === '/api/health' || url.startsWith('/api/websocket');

export function registerLoadShedding(app: FastifyInstance, shedAfterMs = SHED_AFTER_MS): RequestLoad {
  const load = new RequestLoad();
  app.addHook('onRequest', (request, reply, done) => {
    if (NEVER_SHED(request.url)) return done();
    if (load.expectedWaitMs() > shedAfterMs) {
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 503, message: Messages.serverBusy });
      return;
    }
    load.started();
    // Counted until the answer is complete or the client has gone, whichever comes first.
    let counted = true;
    const finish = () => {
      if (!counted) return;
      counted = false;
      load.finished();
    };
    reply.raw.once('finish', finish);
    reply.raw.once('close', finish);
    done();
  });
  return load;
}
