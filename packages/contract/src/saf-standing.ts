import { z } from './zod.ts';
import type { SiteStatus } from './status.ts';

/**
 * Where a site stands with its Site Access Form in the current licensing round (the time since it
 * last entered Pending Activation, for its current agent and brokers). Only a form signed by
 * everyone, not voided, in this round and for these parties counts: it is what activation needs.
 * Forms of an earlier round or for an earlier agent are history and do not count.
 */

export const SAF_STANDING_STATES = ['not-sent', 'out-for-signature', 'declined', 'signed'] as const;
export type SafStandingState = (typeof SAF_STANDING_STATES)[number];

export const safStandingSchema = z.object({
  state: z.enum(SAF_STANDING_STATES),
  /** Signatures given and asked for, on the form that is out (or signed); 0 and 0 when none. */
  signed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** The counting form was signed on paper and uploaded by MLS staff. */
  paper: z.boolean(),
  /**
   * When no form counts but one signed in this round was made for other terms: why it no longer
   * counts, one sentence per change since it was signed (SafOutOfDateMessages).
   */
  outOfDate: z.array(z.string()).optional(),
});
export type SafStanding = z.infer<typeof safStandingSchema>;

export const SAF_NOT_SENT: SafStanding = { state: 'not-sent', signed: 0, total: 0, paper: false };

/** Why a form signed in this round no longer counts: what changed on the site since it was signed. */
export const SafOutOfDateMessages = {
  products: (was: string, now: string) => `Signed for ${was}; the site is now ${now}: send a new SAF`,
  agent: (was: string, now: string) =>
    `Signed for agent ${was}; the site's agent is now ${now}: send a new SAF`,
  officeGained: (office: string) => `The team gained an office (${office}) after the form was signed`,
  brokerChanged: (office: string) => `${office} has a new broker since the form was signed: send a new SAF`,
} as const;

/** Why a change request's terms need a new form: what they add to what the site's form names. */
export const SafNewFormMessages = {
  products: (was: string, now: string) => `The form names ${was}; the request asks for ${now}`,
  agent: (was: string, now: string) => `The form names agent ${was}; the request asks for ${now}`,
  officeGained: (office: string) => `The broker of ${office} has not signed for this website`,
  brokerChanged: (office: string) => `${office} has a new broker, who has not signed`,
  noForm: 'No signed Site Access Form of this website is on file: the new terms need one',
} as const;

/** The line a site shows for its form, by state and the site's status. */
export function safStandingText(standing: SafStanding, status: SiteStatus): string {
  switch (standing.state) {
    case 'not-sent':
      if (standing.outOfDate?.length) return 'Signed form out of date';
      // A licensed site without a form of this round was licensed before forms were kept here.
      return status === 'Pending Activation' ? 'SAF not sent' : 'No signed SAF on file';
    case 'out-for-signature':
      return `Out for signature (${standing.signed} of ${standing.total} signed)`;
    case 'declined':
      return 'Declined';
    case 'signed': {
      const how = standing.paper ? 'Signed on paper' : 'Signed';
      return status === 'Pending Activation' ? `${how}: awaiting MLS activation` : how;
    }
  }
}

/** Whether the form counts for activation. */
export function isSafSigned(standing: SafStanding): boolean {
  return standing.state === 'signed';
}
