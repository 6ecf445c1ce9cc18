import type { AppContext } from '../../context.ts';
import { ping } from './queries.ts';

/** How often the database is asked while health checks come in, and how old an answer may be. */
const PING_EVERY_MS = 1_000;
const FRESH_FOR_MS = 3_000;

export function healthService({ db, log }: AppContext) {
  let last: { up: boolean; at: number } | null = null;
  let askedAt = 0;
  let timer: NodeJS.Timeout | null = null;

  async function pingNow(): Promise<boolean> {
    let up: boolean;
    try {
      await ping(db);
      up = true;
    } catch (err) {
      log.error({ err }, 'health check: database unavailable');
      up = false;
    }
    last = { up, at: Date.now() };
    return up;
  }

  return {
    /**
     * Whether the database answers. While health checks keep coming, the database is asked once a
     * second in the background and a check answers the latest result at once: a monitor polling
     * a busy server does not wait behind its queries, nor add to them. A failure is logged here.
     */
    async databaseUp(): Promise<boolean> {
      askedAt = Date.now();
      if (!timer) {
        timer = setInterval(() => {
          // Nobody has asked for a while: stop asking the database.
          if (Date.now() - askedAt > FRESH_FOR_MS * 10 && timer) {
            clearInterval(timer);
            timer = null;
            return;
          }
          void pingNow();
        }, PING_EVERY_MS);
        timer.unref();
      }
      if (last && Date.now() - last.at <= FRESH_FOR_MS) return last.up;
      return pingNow();
    },
  };
}
