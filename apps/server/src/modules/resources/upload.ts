import fastifyMultipart from '@fastify/multipart';
import { DocumentMessages, tooLargeMessage } from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import {
  discardStaged,
  stageStream,
  UploadTooLargeError,
  type FileStorage,
  type StagedFile,
} from '../../platform/storage.ts';

/**
 * A resource's form as multipart: at most one file part, streamed into staging (hashed, measured
 * and size-limited as it arrives), and the form's small text fields. Registered only in the scope
 * of the routes that take a file.
 */

const FIELDS = ['category', 'title', 'description', 'url'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_MAX = 4000;
export const TooManyParts = 'The form holds more parts than a resource has.';

export interface ResourceForm {
  fields: Partial<Record<Field, string>>;
  staged: StagedFile | null;
  fileName: string | null;
}

export async function registerResourceMultipart(scope: FastifyInstance, maxBytes: number): Promise<void> {
  const options = {
    throwFileSizeLimit: false,
    preservePath: true,
    defParamCharset: 'utf8',
    limits: {
      fileSize: maxBytes + 1,
      files: 1,
      fields: FIELDS.length + 2,
      parts: FIELDS.length + 3,
      fieldSize: FIELD_MAX,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  };
  await scope.register(fastifyMultipart, options);
}

class TooLarge extends AppError {
  constructor(maxBytes: number) {
    super(413, tooLargeMessage(maxBytes));
  }
}

function refusal(err: unknown, maxBytes: number): Error {
  if (err instanceof AppError) return err;
  if (err instanceof UploadTooLargeError) return new TooLarge(maxBytes);
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(DocumentMessages.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new BadRequestError(TooManyParts);
  return new BadRequestError(DocumentMessages.truncated);
}

/** The rest of a refused body, read and dropped, so the browser reads the refusal. */
function dropRest(request: FastifyRequest, maxBytes: number): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  const bound = 10 * maxBytes + 10_000_000;
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bound) raw.socket.destroy();
  });
  raw.resume();
}

/** The form of a multipart request, or of a JSON body (a link, or an edit without a new file). */
export async function readResourceForm(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<ResourceForm> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('Invalid input.');
    const fields: ResourceForm['fields'] = {};
    for (const f of FIELDS) {
      const v = body[f];
      if (v !== undefined && v !== null) fields[f] = typeof v === 'string' ? v : String(v as never);
    }
    return { fields, staged: null, fileName: null };
  }
  const form: ResourceForm = { fields: {}, staged: null, fileName: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (form.staged) {
          part.file.resume();
          throw new BadRequestError(DocumentMessages.oneFile);
        }
        form.fileName = part.filename;
        form.staged = await stageStream(storage, part.file, maxBytes);
        if (part.file.truncated) throw new TooLarge(maxBytes);
      } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw new BadRequestError(TooManyParts);
        form.fields[part.fieldname as Field] = String(part.value);
      }
    }
    return form;
  } catch (err) {
    dropRest(request, maxBytes);
    await discardStaged(form.staged);
    throw refusal(err, maxBytes);
  }
}
