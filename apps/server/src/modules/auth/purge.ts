import { countOf, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/sql.ts';
import { prune as pruneLoginFailures } from '../../platform/login-limit.ts';

/**
 * Sessions and one-time codes that can no longer be used are deleted by a daily job. They are kept a
 * week past the end of their use first, so a client still holding one hears why it ended (logged
 * out, expired) rather than that it was never valid.
 */
export const PURGE_JOB = 'sessions.purge';
const GRACE = '7 days';

export async function purgeExpired(
  db: Db,
): Promise<{ sessions: number; loginCodes: number; passwordTokens: number; emailChanges: number }> {
  const count = async (query: ReturnType<typeof sql>) => (await rowsOf<{ id: unknown }>(db, query)).length;
  const idle = `${Math.round(SESSION_IDLE_MS / 1000)} seconds`;
  const absolute = `${Math.round(SESSION_ABSOLUTE_MS / 1000)} seconds`;
  const sessions = await count(sql`DELETE FROM sessions
    WHERE ended_at < now() - ${GRACE}::interval
       OR last_seen_at < now() - ${idle}::interval - ${GRACE}::interval
       OR created_at < now() - ${absolute}::interval - ${GRACE}::interval
    RETURNING id`);
  const loginCodes = await count(
    sql`DELETE FROM login_codes WHERE expires_at < now() - ${GRACE}::interval RETURNING code_hash AS id`,
  );
  const passwordTokens = await count(
    sql`DELETE FROM password_tokens WHERE expires_at < now() - ${GRACE}::interval RETURNING id`,
  );
  const emailChanges = await count(
    sql`DELETE FROM email_changes WHERE expires_at < now() - ${GRACE}::interval RETURNING token_hash AS id`,
  );
  await pruneLoginFailures(db);
  return { sessions, loginCodes, passwordTokens, emailChanges };
}

export function definePurge(ctx: AppContext): void {
  ctx.jobs.define(
    PURGE_JOB,
    async () => {
      const purged = await purgeExpired(ctx.db);
      ctx.log.info(purged, 'expired sessions and codes purged');
      return `Removed ${countOf(purged.sessions, 'session')}, ${countOf(purged.loginCodes, 'login code')}, ${countOf(purged.passwordTokens, 'password link')} and ${countOf(purged.emailChanges, 'email link')}.`;
    },
    {
      cron: '23 3 * * *',
      description: 'Removes sessions, login codes, password and email tokens unusable for a week.',
    },
  );
}
