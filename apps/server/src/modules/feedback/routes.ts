import { feedbackResponseSchema, ticketBodySchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sessionOf, vendorOf } from '../../platform/scope.ts';
import { feedbackService } from './service.ts';

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = feedbackService(ctx);
  // Feedback is the user's own message, not a change to vendor data, so read-only users may send it;
  // it still records the vendor the user is acting for.
  api.post(
    '/api/ticket',
    {
      config: { access: 'vendor-read', keyScope: false },
      bodyLimit: BODY_LIMITS.ticket,
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback to the MLS; it is stored and mailed to support',
        body: ticketBodySchema.meta({
          examples: [
            {
              subject: 'Cannot find an agent',
              category: 'Problem',
              message: 'Searching for Smith shows nothing.',
            },
          ],
        }),
        response: { 200: feedbackResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.submit(sessionOf(request), vendorOf(request), request.body),
  );
}
