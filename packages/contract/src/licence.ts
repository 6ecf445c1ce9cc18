/**
 * Licences (a site's right to listing data, granted only by an MLS decision for exactly the terms
 * it was decided on): the words History and refusals use.
 */

import type { SiteStatus } from './status.ts';

/** The statuses in which a site receives listing data, and so holds a licence for its terms. */
export const LICENSED_SITE_STATUSES: readonly SiteStatus[] = ['Active', 'Pending Termination'];

export function isLicensedStatus(status: SiteStatus | null): boolean {
  return status !== null && LICENSED_SITE_STATUSES.includes(status);
}

const GRANTED = {
  activation: 'Licence granted: site activated by MLS staff',
  'change approval': 'Licence granted: change approved by MLS staff',
  'staff edit': 'Licence granted: terms changed by MLS staff',
  recorded: 'Licence recorded for the site as it was already licensed',
} as const;

const ENDED = {
  terminated: 'Licence ended: site terminated by MLS staff',
  'term date': 'Licence ended: term date reached',
  replaced: 'Licence replaced by a new one',
  'new licensing round': 'Licence ended: the site started a new licensing round',
} as const;

export const LicenceMessages = {
  granted: (by: keyof typeof GRANTED): string => GRANTED[by],
  ended: (reason: keyof typeof ENDED): string => ENDED[reason],
  noLicence:
    'This site holds no current licence, so only MLS staff can make it Active or Pending Termination. Keep it in Pending Activation and send a Site Access Form.',
  termsChanged:
    'The site’s domain, product, agent or team are no longer those the MLS licensed. Ask for the change through a request, or move the site to Pending Activation to start a new licensing round.',
  termsLocked:
    'The domain, product, agent and team of a licensed site change only through a request to the MLS.',
  withdrawTermsChanged:
    'The termination cannot be withdrawn: the site’s terms changed since the MLS licensed them. Move the site to Pending Activation to start a new licensing round.',
  withdrawNoLicence:
    'The termination cannot be withdrawn: the site’s licence has ended. Move the site to Pending Activation to start a new licensing round.',
  refused: 'This change would leave a licensed site without an MLS decision on its terms.',
  /** History: the paper form staff recorded as covering terms no form on file covers. */
  paperForm: (note: string) => `Covered by a paper form: ${note}`,
  /** History: staff reviewed a licence held without a signed form on file. */
  reviewed: (note: string) => `Licence reviewed by MLS staff: ${note}`,
} as const;
