import { DocumentMessages } from '@vp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';
import {
  readMultipartForm,
  registerMultipart as registerForm,
  type MultipartShape,
} from '../../platform/multipart.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { UploadInput } from './service.ts';

/** An upload's multipart body: one file, its document type and, for a website's file, the website. */
const UPLOAD: MultipartShape<'documentType' | 'website'> = {
  fields: ['documentType', 'website'],
  fieldMax: 200,
  tooManyParts: 'The upload holds more parts than a file, its type and its website.',
};

export function registerMultipart(scope: FastifyInstance, maxUploadBytes: number): Promise<void> {
  return registerForm(scope, maxUploadBytes, UPLOAD);
}

export async function readUpload(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<UploadInput> {
  if (!request.isMultipart()) throw new BadRequestError(DocumentMessages.fileRequired);
  const { fields, staged, fileName } = await readMultipartForm(request, storage, maxBytes, UPLOAD);
  return {
    staged,
    fileName,
    documentType: fields.documentType ?? null,
    website: fields.website ?? null,
  };
}
