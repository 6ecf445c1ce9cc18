import {
  accountChangeListSchema,
  createdUserSchema,
  invitationInputSchema,
  messageResponseSchema,
  roleInputSchema,
  staffIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userSummarySchema,
  userVendorsInputSchema,
  staffFactorsSchema,
  MfaMessages,
} from '@vp/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { mfaService } from '../mfa/index.ts';
import { recordAccountChange } from './audit.ts';
import { invitationsService } from './invitations.ts';
import { usersService } from './users.ts';
import { STAFF_ACCOUNTS_TAG } from './vendor-routes.ts';

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const users = usersService(ctx);
  const invitations = invitationsService(ctx);
  const mfa = mfaService(ctx);
  const staff = { access: 'staff' as const };
  const tags = [STAFF_ACCOUNTS_TAG];
  const params = staffIdParamsSchema;
  const done = { 200: messageResponseSchema, ...errorResponses };

  api.get(
    '/api/admin/users',
    {
      config: { ...staff, expensive: true },
      schema: {
        tags,
        summary: 'A page of users, searched by username, name or email, filtered by role, status or vendor',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses },
      },
    },
    async (request) => request.work((db) => users.list(request.query, db)),
  );

  api.get(
    '/api/admin/users/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'One user: role, status, linked vendor accounts, last visit and invitation',
        params,
        response: { 200: userSummarySchema, ...errorResponses },
      },
    },
    async (request) => users.detail(request.params.id),
  );

  api.get(
    '/api/admin/users/:id/history',
    {
      config: staff,
      schema: {
        tags,
        summary: 'What MLS staff changed on a user, newest first, with who changed it',
        params,
        response: { 200: accountChangeListSchema, ...errorResponses },
      },
    },
    async (request) => users.history(request.params.id),
  );

  api.put(
    '/api/admin/users/:id/role',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Make a user a vendor or a read-only vendor; their sessions end. The last active MLS administrator cannot be given another role (409)',
        params,
        body: roleInputSchema.meta({ examples: [{ role: 'viewer' }] }),
        response: done,
      },
    },
    async (request) => users.changeRole(actorOf(request), request.params.id, request.body.role),
  );

  api.put(
    '/api/admin/users/:id/vendors',
    {
      config: staff,
      schema: {
        tags,
        summary: "Set a user's linked vendor accounts: the primary one and the others",
        params,
        body: userVendorsInputSchema.meta({ examples: [{ primaryVendorId: 1, otherVendorIds: [2] }] }),
        response: done,
      },
    },
    async (request) => users.setVendors(actorOf(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/users/:id/deactivate',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Deactivate a user: their sessions and live sockets end at once on every instance. The last active MLS administrator cannot be deactivated (409)',
        params,
        response: done,
      },
    },
    async (request) => users.deactivate(actorOf(request), request.params.id),
  );

  api.post(
    '/api/admin/users/:id/reactivate',
    {
      config: staff,
      schema: { tags, summary: 'Let a deactivated user log in again', params, response: done },
    },
    async (request) => users.reactivate(actorOf(request), request.params.id),
  );

  api.post(
    '/api/admin/users/:id/password-reset',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mail an active user the password reset link of Forgot Password (valid one hour)',
        params,
        response: done,
      },
    },
    async (request) => users.sendPasswordReset(actorOf(request), request.params.id),
  );

  api.post(
    '/api/admin/invitations',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Invite a user by email: the mailed link opens /registration and works once, for seven days',
        body: invitationInputSchema.meta({
          examples: [
            {
              email: 'jo.park@lakeside.example',
              username: 'jo.park',
              firstName: 'Jo',
              lastName: 'Park',
              role: 'vendor',
              primaryVendorId: 1,
              otherVendorIds: [],
            },
          ],
        }),
        response: { 201: createdUserSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.invite(actorOf(request), request.body)),
  );

  api.post(
    '/api/admin/invitations/:id/resend',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mail a new invitation link to a user who has not registered; the older link stops working',
        params,
        response: done,
      },
    },
    async (request) => invitations.resend(actorOf(request), request.params.id),
  );

  api.delete(
    '/api/admin/invitations/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Revoke the invitation of a user who has not registered: its link stops working',
        params,
        response: done,
      },
    },
    async (request) => invitations.revoke(actorOf(request), request.params.id),
  );

  api.get(
    '/api/admin/users/:id/factors',
    {
      config: staff,
      schema: {
        tags,
        summary: "A user's second factors and recovery codes left",
        params,
        response: { 200: staffFactorsSchema, ...errorResponses },
      },
    },
    async (request) => mfa.staffFactors(request.params.id),
  );

  api.post(
    '/api/admin/users/:id/factors/reset',
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Reset a user's two-step sign-in: every factor and recovery code removed, sessions ended, the user mailed",
        params,
        response: done,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = request.params.id;
      const required = await ctx.db.transaction(async (tx) => {
        const user = await mfa.resetInTransaction(tx, actor, id);
        await recordAccountChange(tx, actor, {
          subject: 'user',
          subjectId: id,
          kind: 'user.factors_reset',
          description: `Reset ${user.username}'s two-step sign-in`,
        });
        return user.required;
      });
      await ctx.sessions.announceEnded(id);
      return { message: MfaMessages.staffReset(required) };
    },
  );
}
