import {
  DEFAULT_NOTIFICATION_SETTINGS,
  dismissManySchema,
  messageResponseSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema } from '../../platform/params.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { defineNotificationJobs } from './digest.ts';
import type { Owner } from './queries.ts';
import { notificationsService } from './service.ts';

/**
 * A user's own notifications and delivery choices. They are the user's, not the vendor's data, so
 * the read-only role reads and dismisses theirs and sets its own preferences like anyone else; the
 * drawer lists those of the vendor the user acts for.
 */

const params = z.object({
  id: idSchema.meta({ description: 'Id (rowKey) of the notification.', examples: ['57'] }),
});

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = notificationsService(ctx);
  const tags = ['notifications'];
  // A user's own notifications: an API key has none.
  const own = { access: 'vendor-read' as const, keyScope: false as const };
  const ownerOf = (request: Parameters<typeof sessionOf>[0]): Owner => ({
    userId: sessionOf(request).user.id,
    vendorId: vendorOf(request),
  });
  defineNotificationJobs(ctx);

  api.get(
    '/api/notifications',
    {
      config: own,
      schema: {
        tags,
        summary: 'The caller’s notifications not yet dismissed, newest first, with how many there are',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(ownerOf(request), request.query.page, request.query.pageSize),
  );

  api.put(
    '/api/notifications/:id/dismiss',
    {
      config: own,
      schema: {
        tags,
        summary: 'Dismiss one of the caller’s notifications',
        params,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.dismiss(ownerOf(request), request.params.id),
  );

  api.put(
    '/api/notifications/:id/read',
    {
      config: own,
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read (opened): it no longer counts as unread',
        params,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.read(ownerOf(request), request.params.id),
  );

  api.put(
    '/api/notifications/dismiss',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Dismiss several of the caller’s notifications; ids that are not the caller’s are left alone',
        body: dismissManySchema.meta({ examples: [[57, 58, 61]] }),
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.dismissMany(ownerOf(request), request.body),
  );

  api.get(
    '/api/profile/preferences/notifications',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'How the caller hears of each kind of change: in the drawer (push), by mail (email)',
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.settings(sessionOf(request).user.id),
  );

  api.put(
    '/api/profile/preferences/notifications',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Set how the caller hears of each kind of change (any groups; the others keep their choices); answers the settings stored',
        body: notificationSettingsUpdateSchema.meta({ examples: [DEFAULT_NOTIFICATION_SETTINGS] }),
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.saveSettings(sessionOf(request).user.id, request.body),
  );
}
