import { ErrorCodes, Messages, type ApiError } from '@vp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodType, type z } from 'zod';

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
export class TooManyRequestsError extends AppError {
  constructor(message: string = Messages.tooManyAttempts) {
    super(429, message);
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
    } else if (
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      // Fastify's own 4xx errors (media type, body size): their wording is safe but technical.
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      body = { code: status, message: PUBLIC_CLIENT_ERRORS[code] ?? error.message };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error }, 'request rejected');
    return reply.status(status).send(body);
  });
}

/** True when a string anywhere in the value holds U+0000, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses, before any route sees it, input the database would refuse with an error of its own: a
 * NUL character in a path parameter, the query string or the body.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new BadRequestError(Messages.nulCharacter);
    }
  });
}
