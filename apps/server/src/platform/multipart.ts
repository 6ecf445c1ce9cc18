import fastifyMultipart from '@fastify/multipart';
import { DocumentMessages, tooLargeMessage } from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from './errors.ts';
import {
  discardStaged,
  stageStream,
  UploadTooLargeError,
  type FileStorage,
  type StagedFile,
} from './storage.ts';

/**
 * Reading a form with one file as multipart: the file part streamed into staging (hashed, measured
 * and size-limited as it arrives) and the form's small text fields. Each feature registers it only
 * in the scope of its own upload routes, so no other route accepts multipart bodies.
 */
export interface MultipartShape<F extends string> {
  /** The text fields kept; any other field is ignored. */
  fields: readonly F[];
  /** The longest a text field may be. */
  fieldMax: number;
  /** What a form with more parts than these fields and one file is told. */
  tooManyParts: string;
}

export interface MultipartForm<F extends string> {
  fields: Partial<Record<F, string>>;
  staged: StagedFile | null;
  /** The file's name as sent, or null without a file. */
  fileName: string | null;
}

export async function registerMultipart(
  scope: FastifyInstance,
  maxBytes: number,
  shape: MultipartShape<string>,
): Promise<void> {
  // Passed through to the multipart parser (busboy), whose file-name charset option is not in the plugin's type.
  const options = {
    // One byte over the limit reaches staging, which refuses it with the limit's message.
    throwFileSizeLimit: false,
    // The name as sent, so a path in it is refused rather than quietly cut off.
    preservePath: true,
    // Browsers send the file name's UTF-8 bytes as they are.
    defParamCharset: 'utf8',
    limits: {
      fileSize: maxBytes + 1,
      files: 1,
      fields: shape.fields.length + 2,
      parts: shape.fields.length + 3,
      fieldSize: shape.fieldMax,
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
function refusal(err: unknown, maxBytes: number, tooManyParts: string): Error {
  if (err instanceof AppError) return err;
  if (err instanceof UploadTooLargeError) return new TooLarge(maxBytes);
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(DocumentMessages.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new BadRequestError(tooManyParts);
  if (code === 'FST_PROTO_VIOLATION') return new BadRequestError(tooManyParts);
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

/** A multipart request's form; on a refusal the staged file is removed and the body drained. */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
  shape: MultipartShape<F>,
): Promise<MultipartForm<F>> {
  const form: MultipartForm<F> = { fields: {}, staged: null, fileName: null };
  let staged: StagedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (staged) {
          part.file.resume();
          throw new BadRequestError(DocumentMessages.oneFile);
        }
        form.fileName = part.filename;
        staged = await stageStream(storage, part.file, maxBytes);
        // Busboy cuts a file at its own limit without an error; staging has counted the bytes.
        if (part.file.truncated) throw new TooLarge(maxBytes);
        form.staged = staged;
      } else if ((shape.fields as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw new BadRequestError(shape.tooManyParts);
        form.fields[part.fieldname as F] = String(part.value);
      }
    }
    return form;
  } catch (err) {
    dropRest(request, maxBytes);
    await discardStaged(staged);
    throw refusal(err, maxBytes, shape.tooManyParts);
  }
}
