import {
  messageResponseSchema,
  createWebhookSchema,
  rotateWebhookSecretSchema,
  updateWebhookSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
} from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { createOutbound, outboundConfig } from '../../platform/outbound.ts';
import { idSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { createDispatcher, WEBHOOK_DELIVER_JOB } from './deliver.ts';
import { webhooksService, type Owner } from './service.ts';

export const WEBHOOK_PRUNE_JOB = 'webhooks.prune';
/** Events whose deliveries are all settled are kept this long, for the delivery logs. */
const KEEP_DAYS = 30;

const endpointParams = z.object({
  id: idSchema.meta({ description: 'Id of the webhook endpoint.', examples: ['3'] }),
});
const deliveryParams = endpointParams.extend({
  deliveryId: idSchema.meta({ description: 'Id of the delivery.', examples: ['120'] }),
});
const vendorParams = z.object({ id: idSchema.meta({ description: 'Id of the vendor.', examples: ['1'] }) });

export function webhooksRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Deliveries have gates of their own: a slow receiver never holds up the compliance checks.
  const outbound = createOutbound({ ...outboundConfig(ctx.config), concurrency: 16, maxBytes: 64 * 1024 });
  const dispatcher = createDispatcher(ctx, outbound);
  const service = webhooksService(ctx, outbound, () => dispatcher.nudge());
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    await outbound.close();
  });

  // Keys never see or change where events go.
  const read = { access: 'vendor-read' as const, keyScope: false as const };
  const write = { access: 'vendor-write' as const, keyScope: false as const };
  const staff = { access: 'staff' as const };
  const tags = ['webhooks'];

  /** The vendor routes under /api/webhooks, and the MLS staff's under /api/admin/webhooks. */
  function routesFor(
    base: string,
    config: { read: object; write: object },
    ownerOf: (r: FastifyRequest) => Owner,
  ) {
    const who = base.includes('admin') ? ' (MLS staff: the MLS’s own, or any vendor’s)' : '';
    api.get(
      base,
      {
        config: config.read,
        schema: {
          tags,
          summary: `The webhook endpoints${base.includes('admin') ? ' of the MLS, which receive every vendor’s events' : ' of the vendor'}`,
          response: { 200: webhookEndpointListSchema, ...errorResponses },
        },
      },
      async (request) => {
        const owner = ownerOf(request);
        return { items: await service.list('vendorId' in owner ? owner.vendorId : null) };
      },
    );
    api.post(
      base,
      {
        config: config.write,
        schema: {
          tags,
          summary: `Adds an endpoint; its signing secret is answered this once${who}`,
          body: createWebhookSchema,
          response: { 201: webhookWithSecretSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(ownerOf(request), actorOf(request), request.body)),
    );
    api.patch(
      `${base}/:id`,
      {
        config: config.write,
        schema: {
          tags,
          summary: `Changes an endpoint’s address, description or events, or enables or disables it${who}`,
          params: endpointParams,
          body: updateWebhookSchema,
          response: { 200: webhookEndpointSchema, ...errorResponses },
        },
      },
      async (request) => service.update(ownerOf(request), request.params.id, request.body),
    );
    api.delete(
      `${base}/:id`,
      {
        config: config.write,
        schema: {
          tags,
          summary: `Removes an endpoint and its delivery log${who}`,
          params: endpointParams,
          response: { 200: messageResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await service.remove(ownerOf(request), request.params.id);
        return { message: 'The endpoint was removed.' };
      },
    );
    api.post(
      `${base}/:id/rotate-secret`,
      {
        config: config.write,
        schema: {
          tags,
          summary: `A new signing secret; the old one also signs for the overlap chosen${who}`,
          params: endpointParams,
          body: rotateWebhookSecretSchema,
          response: { 200: webhookWithSecretSchema, ...errorResponses },
        },
      },
      async (request) => service.rotate(ownerOf(request), request.params.id, request.body.overlapHours),
    );
    api.post(
      `${base}/:id/test`,
      {
        config: config.write,
        schema: {
          tags,
          summary: `Sends a webhook.test event to this endpoint${who}`,
          params: endpointParams,
          response: { 200: webhookDeliverySchema, ...errorResponses },
        },
      },
      async (request) => service.sendTest(ownerOf(request), actorOf(request), request.params.id),
    );
    api.get(
      `${base}/:id/deliveries`,
      {
        config: config.read,
        schema: {
          tags,
          summary: `The endpoint’s deliveries, newest first${who}`,
          params: endpointParams,
          querystring: webhookDeliveryQuerySchema,
          response: { 200: webhookDeliveryListSchema, ...errorResponses },
        },
      },
      async (request) => service.deliveries(ownerOf(request), request.params.id, request.query),
    );
    api.get(
      `${base}/:id/deliveries/:deliveryId`,
      {
        config: config.read,
        schema: {
          tags,
          summary: `One delivery with the body sent and the receiver’s answer${who}`,
          params: deliveryParams,
          response: { 200: webhookDeliveryDetailSchema, ...errorResponses },
        },
      },
      async (request) => service.delivery(ownerOf(request), request.params.id, request.params.deliveryId),
    );
    api.post(
      `${base}/:id/deliveries/:deliveryId/redeliver`,
      {
        config: config.write,
        schema: {
          tags,
          summary: `Sends a delivery again now, with the same event id${who}`,
          params: deliveryParams,
          response: { 200: webhookDeliverySchema, ...errorResponses },
        },
      },
      async (request) => service.redeliver(ownerOf(request), request.params.id, request.params.deliveryId),
    );
  }

  routesFor('/api/webhooks', { read, write }, (request) => ({ vendorId: vendorOf(request) }));
  routesFor('/api/admin/webhooks', { read: staff, write: staff }, () => ({ staff: true }));

  api.get(
    '/api/admin/vendors/:id/webhooks',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A vendor’s webhook endpoints (MLS staff)',
        params: vendorParams,
        response: { 200: webhookEndpointListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await service.list(request.params.id) }),
  );

  ctx.jobs.define(
    WEBHOOK_DELIVER_JOB,
    async () => {
      const n = await dispatcher.drain();
      return n === 0 ? null : `Made ${n} webhook deliveries.`;
    },
    {
      cron: '* * * * *',
      retryLimit: 2,
      description: 'Sends the webhook deliveries due (each instance also looks every second).',
    },
  );
  ctx.jobs.define(
    WEBHOOK_PRUNE_JOB,
    async () => {
      const [row] = await ctx.database.db
        .execute(
          sql`WITH gone AS (
                DELETE FROM webhook_events ev
                WHERE ev.created_at < now() - make_interval(days => ${KEEP_DAYS})
                  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ev.id AND d.state = 'pending')
                RETURNING 1
              ) SELECT count(*)::int AS n FROM gone`,
        )
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      return row?.n ? `Forgot ${row.n} webhook events older than ${KEEP_DAYS} days.` : null;
    },
    {
      cron: '41 3 * * *',
      description: `Forgets webhook events and their deliveries after ${KEEP_DAYS} days.`,
    },
  );
}
