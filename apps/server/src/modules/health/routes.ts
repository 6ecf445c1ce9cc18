import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function healthRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      return reply.status(503).send({ code: 503, message: 'Database unavailable' });
    }
    return { status: 'ok' };
  });
}
