import type { SiteStatus } from '@vp/contract';

/** Where a dashboard status figure leads: the Websites list filtered by that status. */
export function websitesFilterLink(status: SiteStatus): string {
  return `/websites?filter=${encodeURIComponent(status)}`;
}

/** Every status figure links to its filtered Websites list. */
export function websitesLinkFor(status: SiteStatus): string | null {
  return websitesFilterLink(status);
}
