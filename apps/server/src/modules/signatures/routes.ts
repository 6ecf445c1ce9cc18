import multipart from '@fastify/multipart';
import {
  VerifyMessages,
  consentBodySchema,
  declineBodySchema,
  documentIdParamsSchema,
  documentSignatureStatusSchema,
  safPrepareQuerySchema,
  safPreparedListSchema,
  safRequestSchema,
  safSentSchema,
  signBodySchema,
  signResultSchema,
  signatureActionResponseSchema,
  signingTokenParamsSchema,
  signingViewSchema,
  verifyResultSchema,
  voidBodySchema,
} from '@vp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { AppError, BadRequestError, TooManyRequestsError } from '../../platform/errors.ts';
import { addressGroup } from '../../platform/client-address.ts';
import { BODY_LIMITS } from '../../platform/connection-limits.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { perMinuteLimit } from '../../platform/per-minute.ts';
import { vendorOf } from '../../platform/scope.ts';
import { contentDisposition } from '../documents/index.ts';
import { signaturesService } from './service.ts';
import { defineSafReminders } from './reminders.ts';
import type { Origin } from './tokens.ts';

const tags = ['signatures'];

const origin = (request: FastifyRequest): Origin => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: (Array.isArray(ua) ? ua[0] : ua)?.slice(0, 500) ?? '' };
};

/** Largest PDF the verify call reads: a sealed Site Access Form is well under 1 MB. */
export const VERIFY_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart envelope around the file. */
const VERIFY_ENVELOPE_BYTES = 16 * 1024;
/** Verifications under way at once: in this instance, and from one client address. */
export const VERIFY_AT_ONCE = 4;
export const VERIFY_AT_ONCE_PER_ADDRESS = 2;

const certificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  sha256Fingerprint: z.string(),
});

/** Public calls per client address and minute: far above what a signer or a verifier needs. */
const SIGNING_CALLS_PER_MINUTE = 300;
const VERIFY_CALLS_PER_MINUTE = 60;
const TOO_MANY = 'Too many requests. Please wait a minute and try again.';

function perAddress(database: Database, scope: string, limitPerMinute: number) {
  const limit = perMinuteLimit(database, scope, limitPerMinute);
  return async (request: FastifyRequest) => {
    if (!(await limit.take(addressGroup(request.ip)))) throw new TooManyRequestsError(TOO_MANY);
  };
}

export function signaturesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = signaturesService(ctx);
  defineSafReminders(ctx);
  // The token is the credential: guessing is hopeless (256 bits), and each guess costs one indexed
  // lookup, but one address still cannot flood the public calls.
  const signingLimit = perAddress(ctx.database, 'signing', SIGNING_CALLS_PER_MINUTE);
  const verifyLimit = perAddress(ctx.database, 'verify', VERIFY_CALLS_PER_MINUTE);
  const verifying = new Map<string, number>();
  let verifyingInAll = 0;
  /**
   * A verify declares its length, which must be within the limit: refused before a byte of the body
   * is read, and the connection closed, so an endless or oversized upload is never read. Then it
   * takes a place among the few verifications under way, given back when it has been answered.
   */
  const verifyGate = async (request: FastifyRequest, reply: FastifyReply) => {
    const length = Number(request.headers['content-length']);
    if (!(length > 0)) {
      void reply.header('Connection', 'close');
      throw new AppError(411, VerifyMessages.lengthRequired);
    }
    if (length > VERIFY_MAX_BYTES + VERIFY_ENVELOPE_BYTES) {
      void reply.header('Connection', 'close');
      throw new AppError(413, VerifyMessages.tooLarge(VERIFY_MAX_BYTES / 1024 / 1024));
    }
    const address = addressGroup(request.ip);
    const mine = verifying.get(address) ?? 0;
    if (verifyingInAll >= VERIFY_AT_ONCE || mine >= VERIFY_AT_ONCE_PER_ADDRESS) {
      void reply.header('Connection', 'close');
      throw new TooManyRequestsError(VerifyMessages.busy);
    }
    verifyingInAll += 1;
    verifying.set(address, mine + 1);
    let given = false;
    const release = () => {
      if (given) return;
      given = true;
      verifyingInAll -= 1;
      const left = (verifying.get(address) ?? 1) - 1;
      if (left <= 0) verifying.delete(address);
      else verifying.set(address, left);
    };
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  };
  /**
   * A call that carries a body (a drawn signature is up to a few hundred KB) checks its link first:
   * an unusable link is refused before a byte of the body is read, and the connection closed so
   * the body is never read at all.
   */
  const linkFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await service.checkLink((request.params as { token: string }).token);
    } catch (err) {
      void reply.header('Connection', 'close');
      throw err;
    }
  };
  app.addHook('onReady', async () => service.warmUp());

  api.get(
    '/api/documenttype/:id/sign',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: "The Site Access Form's signatories for a website, prefilled from the roster",
        params: documentIdParamsSchema,
        querystring: safPrepareQuerySchema,
        response: { 200: safPreparedListSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.prepare(
        vendorOf(request),
        request.params.id,
        request.query.website,
        request.query.request ?? null,
      ),
  );

  api.post(
    '/api/documenttype/:id/sign',
    {
      config: { access: 'vendor-write', keyScope: 'forms' },
      schema: {
        tags,
        summary: 'Generate the Site Access Form and mail each signatory a signing link',
        params: documentIdParamsSchema,
        body: safRequestSchema,
        response: { 200: safSentSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.send(vendorOf(request), actorOf(request), origin(request), request.params.id, request.body),
  );

  api.get(
    '/api/document/:id/signatures/status',
    {
      config: { access: 'vendor-read' },
      schema: {
        tags,
        summary: 'The steps of the Document Status dialog and each signatory’s state',
        params: documentIdParamsSchema,
        response: { 200: documentSignatureStatusSchema, ...errorResponses },
      },
    },
    async (request) => service.status(vendorOf(request), request.params.id),
  );

  api.put(
    '/api/document/:id/signatures/resend',
    {
      config: { access: 'vendor-write', keyScope: 'forms' },
      schema: {
        tags,
        summary: 'Mail new links to those who have not signed; their old links stop working',
        params: documentIdParamsSchema,
        response: { 200: signatureActionResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.resend(vendorOf(request), actorOf(request), origin(request), request.params.id),
  );

  api.put(
    '/api/document/:id/signatures/void',
    {
      config: { access: 'vendor-write', keyScope: 'forms' },
      schema: {
        tags,
        summary: 'Void the form with a reason; every signing link stops working',
        params: documentIdParamsSchema,
        body: voidBodySchema,
        response: { 200: signatureActionResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.void(
        vendorOf(request),
        actorOf(request),
        origin(request),
        request.params.id,
        request.body.reason,
      ),
  );

  /* The signing page's calls: public, the token is the credential. */

  api.get(
    '/api/sign/:token',
    {
      config: { access: 'public' },
      onRequest: signingLimit,
      schema: {
        tags,
        summary: 'What the signing page shows (records that the link was opened)',
        params: signingTokenParamsSchema,
        response: { 200: signingViewSchema, ...errorResponses },
      },
    },
    async (request) => service.open(request.params.token, origin(request)),
  );

  api.get(
    '/api/sign/:token/document',
    {
      config: { access: 'public' },
      onRequest: signingLimit,
      schema: {
        tags,
        summary: 'The PDF to be signed',
        params: signingTokenParamsSchema,
        response: {
          200: {
            description: 'The form as it was sent, to be read before signing.',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const bytes = await service.document(request.params.token);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          // The declared answer is the PDF as binary; Fastify sends a Buffer as it is.
          .send(bytes as unknown as string)
      );
    },
  );

  api.post(
    '/api/sign/:token/consent',
    {
      config: { access: 'public' },
      onRequest: [signingLimit, linkFirst],
      schema: {
        tags,
        summary: 'Agree to sign electronically',
        params: signingTokenParamsSchema,
        body: consentBodySchema,
        response: { 200: signatureActionResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.consent(request.params.token, origin(request)),
  );

  api.post(
    '/api/sign/:token',
    {
      config: { access: 'public' },
      bodyLimit: BODY_LIMITS.signature,
      onRequest: [signingLimit, linkFirst],
      schema: {
        tags,
        summary: 'Sign (drawn or typed); the last signature seals the document',
        params: signingTokenParamsSchema,
        body: signBodySchema,
        response: { 200: signResultSchema, ...errorResponses },
      },
    },
    async (request) => service.sign(request.params.token, request.body, origin(request)),
  );

  api.post(
    '/api/sign/:token/decline',
    {
      config: { access: 'public' },
      onRequest: [signingLimit, linkFirst],
      schema: {
        tags,
        summary: 'Decline to sign, with a reason; every link of the form stops working',
        params: signingTokenParamsSchema,
        body: declineBodySchema,
        response: { 200: signatureActionResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.decline(request.params.token, request.body.reason, origin(request)),
  );

  api.get(
    '/api/signed/:token',
    {
      config: { access: 'public' },
      onRequest: signingLimit,
      schema: {
        tags,
        summary: "A signer's copy of the sealed form, through the link mailed when the last one signed",
        params: signingTokenParamsSchema,
        response: {
          200: {
            description: 'The sealed form, as an attachment.',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { bytes, label } = await service.sealedCopy(request.params.token);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(label))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes as unknown as string);
    },
  );

  api.get(
    '/api/verify/certificate',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The portal's sealing certificate",
        response: { 200: certificateSchema, ...errorResponses },
      },
    },
    async () => service.certificate(),
  );

  // Multipart for this scope only, so it cannot clash with another module registering it.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, {
        limits: { fileSize: VERIFY_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
    }
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/verify',
      {
        config: { access: 'public' },
        onRequest: [verifyLimit, verifyGate],
        schema: {
          tags,
          summary: 'Is this PDF one the portal sealed, unchanged? (multipart, field `file`)',
          response: { 200: verifyResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new BadRequestError(VerifyMessages.fileRequired);
        // A body that is not well-formed multipart (no boundary, cut short) is the client's fault.
        const part = await request.file({ limits: { fileSize: VERIFY_MAX_BYTES } }).catch(() => {
          throw new BadRequestError(VerifyMessages.fileRequired);
        });
        if (!part || part.fieldname !== 'file') throw new BadRequestError(VerifyMessages.fileRequired);
        const bytes = await part.toBuffer().catch((err: unknown) => {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, VerifyMessages.tooLarge(VERIFY_MAX_BYTES / 1024 / 1024));
          throw new BadRequestError(VerifyMessages.fileRequired);
        });
        if (bytes.length === 0) throw new BadRequestError(VerifyMessages.fileRequired);
        return service.verify(bytes);
      },
    );
  });
}
