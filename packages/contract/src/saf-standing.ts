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
});
export type SafStanding = z.infer<typeof safStandingSchema>;

export const SAF_NOT_SENT: SafStanding = { state: 'not-sent', signed: 0, total: 0, paper: false };

/** The line a site shows for its form, by state and the site's status. */
export function safStandingText(standing: SafStanding, status: SiteStatus): string {
  switch (standing.state) {
    case 'not-sent':
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
