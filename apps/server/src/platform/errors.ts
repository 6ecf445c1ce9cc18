import { ErrorCodes, LicenceMessages, Messages, type ApiError } from '@vp/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodType, type z } from 'zod';
import { isLicenceViolation } from '../db/sql.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over the route's limit is told, in place of the general wording. */
    tooLargeMessage?: string;
  }
}

/** An error whose status and message are safe to show the client. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  constructor(statusCode: number, message: string, code: number = statusCode) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = Messages.loginFailed, code = 401) {
    super(401, message, code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = Messages.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = Messages.notFound) {
    super(404, message);
  }
}
/** The request clashes with the data as it is now (a taken domain, a request already pending). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** Refused for now; `retryAfterSeconds`, when known, is sent as the Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** The server cannot take the request now (overloaded); the client tries again after the wait. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string = Messages.serverBusy,
    readonly retryAfterSeconds = 2,
  ) {
    super(503, message);
  }
}

export const sessionErrors = {
  invalid: () => new UnauthorizedError(Messages.sessionInvalid, ErrorCodes.invalidToken),
  expired: () => new UnauthorizedError(Messages.sessionExpired, ErrorCodes.tokenExpired),
  ended: () => new UnauthorizedError(Messages.sessionEnded, ErrorCodes.sessionEnded),
};

/** Parses input with a contract schema; a failure becomes a 400 carrying the first issue's message. */
export function parse<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw result.error;
  return result.data;
}

/** What zodMessage needs of an issue; a route schema's failure carries its path as a pointer. */
interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}

function zodMessage(issue: Issue | undefined): string {
  if (!issue) return 'Invalid input.';
  // zod's own wording for a missing object ("expected object, received undefined") means no body.
  if (issue.path.length === 0 && issue.code === 'invalid_type')
    return 'The request body is missing or not valid.';
  // A missing field reads like "Invalid input: expected string, received undefined"; name the field.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return `Please provide a valid ${issue.path.join('.')}.`;
  }
  return issue.message;
}

const PUBLIC_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
};

/** Addresses the router refuses before any route runs answer in the API's own error shape. */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const body: ApiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { code: 414, message: 'The address is too long.' }
      : { code: 400, message: 'The address is not valid.' };
  void (reply as FastifyReply).status(body.code).send(body);
};

/** Errors whose message is written by the runtime about the code, never from request data. */
const CODE_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError];

/**
 * What a server error logs: the route, the class and database code of each error in its cause
 * chain, and where it was thrown. A failed query's message holds its SQL and the parameter values
 * a user sent, so messages are logged only for the runtime's own errors about the code.
 */
function describeFailure(error: Error, request: FastifyRequest): Record<string, unknown> {
  const causes: Record<string, string>[] = [];
  for (let e: unknown = error; e instanceof Error && causes.length < 5; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    causes.push({
      class: e.constructor.name,
      ...(typeof code === 'string' ? { code } : {}),
      ...(CODE_ERRORS.some((k) => e instanceof k) ? { message: e.message } : {}),
    });
  }
  return {
    route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
    errors: causes,
    // Frames only: the lines before them are the message, which may span several.
    at: error.stack
      ?.split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('at '))
      .slice(0, 5),
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    let status = 500;
    let body: ApiError = { code: 500, message: 'Internal server error' };
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route schema refused the params, query or body: the same wording as a parse in a service.
      const first = error.validation[0];
      status = 400;
      body = {
        code: 400,
        message: zodMessage(
          first && {
            path: first.instancePath.split('/').filter(Boolean),
            code: first.keyword,
            message: first.message ?? '',
          },
        ),
      };
    } else if (error instanceof ZodError) {
      status = 400;
      body = { code: 400, message: zodMessage(error.issues[0]) };
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (
        (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) &&
        error.retryAfterSeconds !== undefined
      )
        void reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    } else if (isLicenceViolation(error)) {
      // The database's own guard of the licence, behind every service's check: never a 500.
      status = 409;
      body = { code: 409, message: LicenceMessages.refused };
    } else if (
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      // Fastify's own 4xx errors (media type, body size): their wording is safe but technical.
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const ownWords =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? request.routeOptions.config.tooLargeMessage : undefined;
      body = { code: status, message: ownWords ?? PUBLIC_CLIENT_ERRORS[code] ?? error.message };
    }
    if (status >= 500) request.log.error(describeFailure(error, request), 'request failed');
    else request.log.debug({ err: error }, 'request rejected');
    return reply.status(status).send(body);
  });
}

type TextFault = 'nul' | 'surrogate' | null;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textFault(text: string): TextFault {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/**
 * The first fault of any string in the value (keys too): U+0000, which PostgreSQL text cannot
 * store, or a lone surrogate, which is no character at all and would be stored mangled.
 */
function faultIn(value: unknown, depth = 0): TextFault {
  if (typeof value === 'string') return textFault(value);
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  // Bytes (a picture sent as the body) are not text: walking them as an object would visit every
  // byte as a key, seconds of the main thread for a few megabytes.
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const fault = textFault(key) ?? faultIn(item, depth + 1);
    if (fault) return fault;
  }
  return null;
}

/** A body this long (in bytes or characters) is parsed, checked and validated on separate turns. */
export const LARGE_BODY = 64 * 1024;

/**
 * Refuses, before any route sees it, text the database cannot store as sent: a NUL character or a
 * lone surrogate in a path parameter, the query string or the body.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request, so it costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const fault = faultIn(request.params) ?? faultIn(request.query) ?? faultIn(request.body);
    const answer = () => {
      if (fault === 'nul') done(new BadRequestError(Messages.nulCharacter));
      else if (fault === 'surrogate') done(new BadRequestError(Messages.loneSurrogate));
      else done();
    };
    // After a large body's walk, its validation waits for a later turn of the event loop.
    if (Number(request.headers['content-length']) > LARGE_BODY) setImmediate(answer);
    else answer();
  });
}
