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
import type { UploadInput } from './service.ts';

/**
 * Reading an upload's multipart body: one file part, streamed into staging (hashed, measured and
 * size-limited as it arrives), and the form's small text fields. Registered only in the scope of the
 * upload route, so no other route accepts multipart bodies.
 */

const FIELDS = ['documentType', 'website'] as const;
const FIELD_MAX = 200;
export const TooManyParts = 'The upload holds more parts than a file, its type and its website.';

export async function registerMultipart(scope: FastifyInstance, maxUploadBytes: number): Promise<void> {
  // Passed through to the multipart parser (busboy), whose file-name charset option is not in the plugin's type.
  const options = {
    // One byte over the limit reaches staging, which refuses it with the limit's message.
    throwFileSizeLimit: false,
    // The name as sent, so a path in it is refused rather than quietly cut off.
    preservePath: true,
    // Browsers send the file name's UTF-8 bytes as they are.
    defParamCharset: 'utf8',
    limits: {
      fileSize: maxUploadBytes + 1,
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

/** A multipart failure as the message the uploader should read. */
function refusal(err: unknown, maxBytes: number): Error {
  if (err instanceof AppError) return err;
  if (err instanceof UploadTooLargeError) return new TooLarge(maxBytes);
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(DocumentMessages.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new BadRequestError(TooManyParts);
  if (code === 'FST_PROTO_VIOLATION') return new BadRequestError(TooManyParts);
  // Busboy's "Unexpected end of form", a part "terminated early", a premature close.
  return new BadRequestError(DocumentMessages.truncated);
}

/**
 * The rest of a refused upload's body, read and dropped. A browser sends the whole body before it
 * reads the answer, so a server that stopped reading would leave it waiting with the refusal unread;
 * past ten times the limit (a body no browser sends after the page's own size check) the connection
 * is closed instead.
 */
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

export async function readUpload(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<UploadInput> {
  if (!request.isMultipart()) throw new BadRequestError(DocumentMessages.fileRequired);
  const input: UploadInput = { staged: null, fileName: null, documentType: null, website: null };
  let staged: StagedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (staged) {
          part.file.resume();
          throw new BadRequestError(DocumentMessages.oneFile);
        }
        input.fileName = part.filename;
        staged = await stageStream(storage, part.file, maxBytes);
        // Busboy cuts a file at its own limit without an error; staging has counted the bytes.
        if (part.file.truncated) throw new TooLarge(maxBytes);
        input.staged = staged;
      } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw new BadRequestError(TooManyParts);
        input[part.fieldname as (typeof FIELDS)[number]] = String(part.value);
      }
    }
    return input;
  } catch (err) {
    dropRest(request, maxBytes);
    await discardStaged(staged);
    throw refusal(err, maxBytes);
  }
}
