/**
 * Tools (Custom Export): only pages, which app/pages.ts routes directly so each stays its own chunk;
 * nothing here is for other features.
 */
export {};
