/**
 * Calls a signed-in page makes as it opens, named once: the feature that reads each, and the entry,
 * which starts them while the page's code is still loading (see `fetchEarly`).
 */
export const ApiPaths = {
  profile: '/profile',
  /** The theme kept with the account. */
  displayPreferences: '/profile/preferences/display',
  metadata: '/portal/metadata',
  /** A site opened by its address (`/websites?site=<id>`). */
  website: (id: number) => `/portal/websites/${id}`,
  /** The products a site's form offers. */
  products: '/products',
} as const;
