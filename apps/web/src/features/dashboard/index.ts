/** The dashboard and the vendor's metadata (figures, reciprocal agents allowed) it shows. */
export { useMetadata } from './api.ts';
