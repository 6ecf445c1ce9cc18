/** Documents: uploads, downloads, document types, and the store other modules write documents through. */
export {
  documentTypeByName,
  readDocumentBytes,
  replaceDocumentBytes,
  sha256Hex,
  storeDocumentBytes,
  type DocumentRow,
  type NewDocument,
} from './store.ts';
export { documentsRoutes } from './routes.ts';
export { runOrphanSweep } from './sweep.ts';
export { contentDisposition } from './download.ts';
export { CONTENT_TYPES, contentMatches } from './content.ts';
export { rejectDocument, type DocumentRejection } from './reject.ts';
export { insertMessagingType, renameMessagingType, toDocumentType } from './queries.ts';
