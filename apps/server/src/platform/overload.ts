import { Messages } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import { StandingLine } from './standing-line.ts';

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
 *
 * A line that stands is the other sign: when even the quickest request finished in the last second
 * took longer than SHED_AFTER_MS, every request is waiting behind the others (a long export does
 * not count: it is never the quickest), as long as a line is still there (STANDING_UNDER_WAY under
 * way; a line that has drained serves a newcomer at once). That catches a server slower than the
 * floor rate, which the first estimate cannot see, such as the embedded database under hundreds of
 * users.
 */
export const SHED_AFTER_MS = 2_000;
export const STANDING_UNDER_WAY = 5;
export const MIN_RATE = 100;
const RETRY_AFTER_SECONDS = 2;
const SLOT_MS = 250;
const SLOTS = 16;

export class RequestLoad {
  private inFlight = 0;
  private readonly done = new Array<number>(SLOTS).fill(0);
  private readonly line: StandingLine;
  private slotAt = 0;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.slotAt = Math.floor(this.now() / SLOT_MS);
    this.line = new StandingLine(now);
  }

  get underWay(): number {
    return this.inFlight;
  }

  /** A request starts; the time returned is handed back to `finished`. */
  started(): number {
    this.inFlight += 1;
    return this.now();
  }

  finished(startedAt: number = this.now()): void {
    this.inFlight -= 1;
    this.advance();
    this.done[this.slotAt % SLOTS]! += 1;
    this.line.record(this.now() - startedAt);
  }

  /** How long the quickest request of the last second took (0 when too few finished to tell). */
  standingMs(): number {
    return this.line.ms();
  }

  /** Whether a new request should be shed rather than join the line. */
  overloaded(limitMs: number): boolean {
    if (this.expectedWaitMs() > limitMs) return true;
    return this.inFlight >= STANDING_UNDER_WAY && this.standingMs() > limitMs;
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
    if (load.overloaded(shedAfterMs)) {
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 503, message: Messages.serverBusy });
      return;
    }
    const startedAt = load.started();
    // Counted until the answer is complete or the client has gone, whichever comes first.
    let counted = true;
    const finish = () => {
      if (!counted) return;
      counted = false;
      load.finished(startedAt);
    };
    reply.raw.once('finish', finish);
    reply.raw.once('close', finish);
    done();
  });
  return load;
}
