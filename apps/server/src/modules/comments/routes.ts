import { commentInputSchema, commentListSchema, commentSchema, messageResponseSchema } from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { idSchema, siteParamsSchema } from '../../platform/params.ts';
import { vendorOf } from '../../platform/scope.ts';
import { commentsService } from './service.ts';

const commentId = idSchema.meta({ description: 'Id of the comment.', examples: ['311'] });
const siteCommentParams = z.object({ id: siteParamsSchema.shape.id, commentId });
const commentParams = z.object({ id: commentId });
const body = commentInputSchema.meta({
  examples: [
    { comment: 'The new domain is live; please review it.' },
    { comment: 'Checked with the broker.', public: false },
  ],
});

export function commentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = commentsService(ctx);
  const read = { access: 'vendor-read' as const };
  const write = { access: 'vendor-write' as const, keyScope: 'comments' as const };
  const tags = ['comments'];

  api.get(
    '/api/website/:id/comments',
    {
      config: read,
      schema: {
        tags,
        summary: 'The conversation on a website, oldest first; internal notes only for MLS staff',
        params: siteParamsSchema,
        response: { 200: commentListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(vendorOf(request), actorOf(request), request.params.id),
  );

  api.post(
    '/api/website/:id/comments',
    {
      config: write,
      bodyLimit: BODY_LIMITS.comment,
      schema: {
        tags,
        summary: 'Write on a website’s conversation; `public: false` (an internal note) for MLS staff only',
        params: siteParamsSchema,
        body,
        response: { 201: commentSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(vendorOf(request), actorOf(request), request.params.id, request.body)),
  );

  api.delete(
    '/api/website/:id/comments/:commentId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a comment on a website; only its author may',
        params: siteCommentParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.remove(vendorOf(request), actorOf(request), request.params.id, request.params.commentId),
  );

  api.get(
    '/api/comments',
    {
      config: read,
      schema: {
        tags,
        summary: 'The vendor’s own conversation with MLS staff (on no website), oldest first',
        response: { 200: commentListSchema, ...errorResponses },
      },
    },
    async (request) => service.list(vendorOf(request), actorOf(request), null),
  );

  api.post(
    '/api/comments',
    {
      config: write,
      bodyLimit: BODY_LIMITS.comment,
      schema: {
        tags,
        summary: 'Write on the vendor’s own conversation; `public: false` for MLS staff only',
        body,
        response: { 201: commentSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(vendorOf(request), actorOf(request), null, request.body)),
  );

  api.delete(
    '/api/comments/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a comment of the vendor’s own conversation; only its author may',
        params: commentParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(vendorOf(request), actorOf(request), null, request.params.id),
  );
}
