import type { Role } from '@vp/contract';

/**
 * What a notification says, as plain text (the drawer and the digest show it as text). The vendor's
 * name is put before it when it is written. A change made by MLS staff says so.
 */

interface Who {
  username: string;
  /** Null for someone without an account (a signer on a signing link). */
  role: Role | null;
  /** Null for the portal's own scheduled work (SYSTEM_ACTOR) and for a signer. */
  userId?: number | null;
}

const EXCERPT = 140;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};
const isStaff = (who: Who) => who.role === 'admin';
/** The portal's own jobs (SYSTEM_ACTOR) act with staff's rights, but are no member of staff. */
const isPortal = (who: Who) => who.role === 'admin' && who.userId === null;
const staffName = (who: Who) => (isPortal(who) ? 'The portal' : `MLS staff (${who.username})`);
const byWhom = (who: Who) => (isStaff(who) ? staffName(who) : who.username);

export const noticeText = {
  /** `detail`: what changed, as History describes it ("Status changed to Active"). */
  website(action: 'created' | 'modified' | 'deleted', domain: string, who: Who, detail?: string): string {
    const tail = detail ? `: ${detail}` : '';
    if (isStaff(who)) {
      const verb = { created: 'created', modified: 'changed', deleted: 'deleted' }[action];
      return `${staffName(who)} ${verb} ${domain}${tail}`;
    }
    return `${domain} was ${action} by ${who.username}${tail}`;
  },

  /** `domain` null: a file of the account, on no website. */
  file(action: 'uploaded' | 'deleted', label: string, domain: string | null, who: Who): string {
    const where = domain === null ? 'the account' : domain;
    const preposition = action === 'uploaded' ? 'to' : 'from';
    return `${label} was ${action} ${preposition} ${where} by ${byWhom(who)}`;
  },

  /** One decision on many sites of a vendor at once (a bulk activation or termination). */
  websites(verb: string, domains: readonly string[], who: Who): string {
    const shown = domains.slice(0, 3).join(', ');
    const more = domains.length > 3 ? ` and ${domains.length - 3} more` : '';
    return `${byWhom(who)} ${verb} ${domains.length} websites: ${shown}${more}`;
  },

  /** MLS staff refused a file; `domain` null: a file of the account. */
  fileRejected(label: string, domain: string | null, who: Who, reason: string): string {
    const where = domain === null ? 'the account' : domain;
    return `${label} on ${where} was rejected by ${byWhom(who)}: ${excerpt(reason)}`;
  },

  /** `who`: the signer for signed and declined, the user for sent and voided. */
  form(step: 'sent' | 'signed' | 'declined' | 'completed' | 'voided', domain: string, who?: Who): string {
    const form = `The Site Access Form of ${domain}`;
    if (step === 'completed') return `${form} is signed by all parties`;
    const verb = {
      sent: 'was sent for signature',
      signed: 'was signed',
      declined: 'was declined',
      voided: 'was voided',
    }[step];
    return who ? `${form} ${verb} by ${byWhom(who)}` : `${form} ${verb}`;
  },

  /** `domain` null: the account's own conversation. */
  comment(domain: string | null, who: Who, text: string, internal: boolean): string {
    const where = domain === null ? '' : ` on ${domain}`;
    if (internal) return `Internal note by ${who.username}${where}: ${excerpt(text)}`;
    return `${byWhom(who)} wrote${where}: ${excerpt(text)}`;
  },

  /** A key contact of the vendor was added, changed or removed. */
  contact(action: 'added' | 'changed' | 'removed', name: string, who: Who): string {
    const verb = { added: 'added to', changed: 'changed in', removed: 'removed from' }[action];
    return `${name} was ${verb} the key contacts by ${byWhom(who)}`;
  },
};
