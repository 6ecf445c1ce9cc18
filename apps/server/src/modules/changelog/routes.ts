import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { vendorOf } from '../../platform/scope.ts';
import { requireWebsite } from '../websites/queries.ts';
import { siteIdParam } from '../../platform/params.ts';
import { changelogOf } from './service.ts';

export function changelogRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/website/:id/changelog', { config: { access: 'vendor-read' } }, async (request) => {
    const vendorId = vendorOf(request);
    const id = siteIdParam(request.params);
    await requireWebsite(db, vendorId, id);
    return changelogOf(db, vendorId, id);
  });
}
