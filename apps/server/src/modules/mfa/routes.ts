import {
  confirmBodySchema,
  confirmedSchema,
  enrolledSchema,
  factorsSchema,
  loginResponseSchema,
  messageResponseSchema,
  MfaMessages,
  passkeyAnswerBodySchema,
  passkeyOptionsBodySchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  signInTicketBodySchema,
  loginAnswerSchema,
  ssoFinishBodySchema,
  ssoInfoSchema,
  ssoStartQuerySchema,
  totpConfirmBodySchema,
  totpSetupSchema,
  verifyBodySchema,
} from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { UnauthorizedError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { siteParamsSchema } from '../../platform/params.ts';
import { sessionOf } from '../../platform/scope.ts';
import { mfaService } from './service.ts';
import { SSO_COOKIE, ssoService } from './sso.ts';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const metaOf = (request: FastifyRequest) => {
  const userAgent = request.headers['user-agent'];
  return { address: request.ip, ...(userAgent ? { userAgent } : {}) };
};

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mfa = mfaService(ctx);
  const sso = ssoService(ctx, mfa);
  const tags = ['auth'];
  const pub = { access: 'public' as const };
  const own = { access: 'session' as const };
  const session = { 200: loginResponseSchema, ...errorResponses };
  const enrolled = { 200: enrolledSchema, ...errorResponses };
  const options = { 200: passkeyOptionsSchema, ...errorResponses };
  const codes = { 200: recoveryCodesSchema, ...errorResponses };
  const setup = { 200: totpSetupSchema, ...errorResponses };

  ctx.jobs.define(
    'mfa.prune',
    async () => {
      await mfa.prune();
      await sso.prune();
      return 'Removed expired sign-in tickets and passkey challenges.';
    },
    { cron: '23 * * * *', description: 'Removes expired sign-in tickets and passkey challenges.' },
  );

  // The second step of a sign-in.
  api.post(
    '/api/login/verify',
    {
      config: pub,
      schema: {
        tags,
        summary: "A sign-in's second step: the ticket and an authenticator app's code or a recovery code",
        body: verifyBodySchema,
        response: session,
      },
    },
    async (request) => mfa.verify(request.body.ticket, request.body.code, request.ip),
  );
  api.post(
    '/api/login/passkey/options',
    {
      config: pub,
      schema: {
        tags,
        summary:
          "A passkey challenge: with a ticket, for that sign-in's second step; without, to sign in with a passkey alone",
        body: passkeyOptionsBodySchema,
        response: options,
      },
    },
    async (request) => mfa.passkeyOptions(request.body.ticket),
  );
  api.post(
    '/api/login/passkey',
    {
      config: pub,
      schema: {
        tags,
        summary: "The passkey's answer to its challenge; answers a session",
        body: passkeyAnswerBodySchema,
        response: session,
      },
    },
    async (request) => mfa.passkeySignIn(request.body, metaOf(request)),
  );

  // Enrolment at sign-in, for a role that must have a second factor.
  api.post(
    '/api/login/enrol/totp',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Enrolment at sign-in: a new authenticator app key (QR code and text)',
        body: signInTicketBodySchema,
        response: setup,
      },
    },
    async (request) => mfa.enrolTotp(request.body.ticket),
  );
  api.post(
    '/api/login/enrol/totp/confirm',
    {
      config: pub,
      schema: {
        tags,
        summary: "Enrolment at sign-in: the app's first code; answers the session and recovery codes",
        body: totpConfirmBodySchema,
        response: enrolled,
      },
    },
    async (request) => {
      if (!request.body.ticket) throw new UnauthorizedError(MfaMessages.ticketInvalid);
      return mfa.enrolTotpConfirm(request.body.ticket, request.body.code, request.ip);
    },
  );
  api.post(
    '/api/login/enrol/passkey/options',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Enrolment at sign-in: a passkey registration challenge',
        body: signInTicketBodySchema,
        response: options,
      },
    },
    async (request) => mfa.enrolPasskeyOptions(request.body.ticket),
  );
  api.post(
    '/api/login/enrol/passkey',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Enrolment at sign-in: the new passkey; answers the session and recovery codes',
        body: passkeyAnswerBodySchema,
        response: enrolled,
      },
    },
    async (request) => mfa.enrolPasskey(request.body),
  );

  // Single sign-on for MLS staff.
  api.get(
    '/api/login/sso',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Whether single sign-on for MLS staff is offered, and its name',
        response: { 200: ssoInfoSchema, ...errorResponses },
      },
    },
    async () => sso.info(),
  );
  api.get(
    '/api/login/sso/start',
    {
      config: pub,
      schema: {
        tags,
        summary:
          "Start single sign-on: redirects to the MLS's identity provider (authorisation code with PKCE)",
        description:
          "Answers 302 with the provider's authorisation address in Location, and sets the cookie that binds the sign-in to this browser.",
        querystring: ssoStartQuerySchema,
      },
    },
    async (request, reply) => {
      const { location, binding } = await sso.start(request.query.redirect);
      const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${SSO_COOKIE}=${binding}; Path=/api/login/sso; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect(location, 302);
    },
  );
  api.get(
    '/api/login/sso/callback',
    {
      config: pub,
      schema: {
        tags,
        summary:
          "The identity provider's return: redirects to the sign-in page to finish, or with what went wrong",
        description:
          'Answers 302 to /login with `sso` (a one-time code for POST /api/login/sso/finish) or `ssoError` (failed, no-account).',
      },
    },
    async (request, reply) => {
      const binding = cookieValue(request.headers.cookie, SSO_COOKIE);
      const location = await sso.callback(request.query as Record<string, string>, binding);
      void reply.header(
        'set-cookie',
        `${SSO_COOKIE}=; Path=/api/login/sso; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      return reply.redirect(location, 302);
    },
  );
  api.post(
    '/api/login/sso/finish',
    {
      config: pub,
      schema: {
        tags,
        summary:
          "Finish single sign-on with the return's one-time code: a session, or the second step still owed",
        body: ssoFinishBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses },
      },
    },
    async (request) => sso.finish(request.body.code, metaOf(request)),
  );

  // The user's own methods.
  const profileTags = ['profile'];
  api.get(
    '/api/profile/factors',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: "The user's second factors and recovery codes left",
        response: { 200: factorsSchema, ...errorResponses },
      },
    },
    async (request) => mfa.factors(sessionOf(request)),
  );
  api.post(
    '/api/profile/factors/confirm',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary:
          'Confirm it is the user (password or code) before changing sign-in methods; lasts 10 minutes',
        body: confirmBodySchema,
        response: { 200: confirmedSchema, ...errorResponses },
      },
    },
    async (request) => mfa.confirm(sessionOf(request), request.body, request.ip),
  );
  api.post(
    '/api/profile/factors/totp',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: 'Start adding an authenticator app: its key; it works once its first code confirms it',
        response: setup,
      },
    },
    async (request) => mfa.addTotp(sessionOf(request)),
  );
  api.post(
    '/api/profile/factors/totp/confirm',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: "The new authenticator app's first code; answers recovery codes when it is the first factor",
        body: totpConfirmBodySchema,
        response: codes,
      },
    },
    async (request) => mfa.addTotpConfirm(sessionOf(request), request.body, request.ip),
  );
  api.post(
    '/api/profile/factors/passkey/options',
    {
      config: own,
      schema: { tags: profileTags, summary: 'A passkey registration challenge', response: options },
    },
    async (request) => mfa.addPasskeyOptions(sessionOf(request)),
  );
  api.post(
    '/api/profile/factors/passkey',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: 'Add the new passkey; answers recovery codes when it is the first factor',
        body: passkeyAnswerBodySchema,
        response: codes,
      },
    },
    async (request) => mfa.addPasskey(sessionOf(request), request.body),
  );
  api.delete(
    '/api/profile/factors/:id',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: 'Remove a sign-in method',
        params: siteParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => mfa.remove(sessionOf(request), request.params.id),
  );
  api.post(
    '/api/profile/factors/recovery-codes',
    {
      config: own,
      schema: {
        tags: profileTags,
        summary: 'New recovery codes, shown once; the old ones stop working',
        response: codes,
      },
    },
    async (request) => mfa.regenerateRecoveryCodes(sessionOf(request)),
  );
}
