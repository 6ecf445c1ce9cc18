import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';
import {
  readMultipartForm,
  registerMultipart,
  type MultipartForm,
  type MultipartShape,
} from '../../platform/multipart.ts';
import type { FileStorage } from '../../platform/storage.ts';

/**
 * A resource's form: multipart with at most one file, or JSON (a link, or an edit without a new
 * file). The multipart reader is registered only in the scope of the routes that take a file.
 */

const FIELDS = ['category', 'title', 'description', 'url'] as const;
type Field = (typeof FIELDS)[number];

const FORM: MultipartShape<Field> = {
  fields: FIELDS,
  fieldMax: 4000,
  tooManyParts: 'The form holds more parts than a resource has.',
};

export type ResourceForm = MultipartForm<Field>;

export function registerResourceMultipart(scope: FastifyInstance, maxBytes: number): Promise<void> {
  return registerMultipart(scope, maxBytes, FORM);
}

export async function readResourceForm(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<ResourceForm> {
  if (request.isMultipart()) return readMultipartForm(request, storage, maxBytes, FORM);
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('Invalid input.');
  const fields: ResourceForm['fields'] = {};
  for (const f of FIELDS) {
    const v = body[f];
    if (v !== undefined && v !== null) fields[f] = typeof v === 'string' ? v : String(v as never);
  }
  return { fields, staged: null, fileName: null };
}
