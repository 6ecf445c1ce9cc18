import type { AppContext } from '../../context.ts';
import { ping } from './queries.ts';

export function healthService({ db, log }: AppContext) {
  return {
    /** Whether the database answers; a failure is logged here and answered as unavailable. */
    async databaseUp(): Promise<boolean> {
      try {
        await ping(db);
        return true;
      } catch (err) {
        log.error({ err }, 'health check: database unavailable');
        return false;
      }
    },
  };
}
