/**
 * What a Site Access Form is signed for, and which changes to a site need a new one. A form names
 * the site's agent (a team site's primary), the broker of every office among its agents, and its
 * products; it is stored with those terms as one sorted key ('agent:<MLS ID>', 'office:<office
 * key>=<broker MLS ID>', 'product:<id>', joined by ';'; SQL website_saf_parties builds it).
 *
 * A form covers a site's terms when it names the same agent, and every office (with the same
 * broker) and every product the site has now. So a new agent, a team member from an office whose
 * broker has not signed, an office with a new broker, or a product the form does not name each need
 * a new signature; a team member from an office already on the form, a member or product dropped,
 * or a domain change (decided by MLS staff on its own request) do not. SQL saf_covers (migration
 * 0029) is this rule for the database; a server test holds the two to the same table.
 */

export interface SafTerms {
  /** The agent's MLS ID (member number). */
  agent: string;
  /** Office key → its broker's MLS ID ('' when the office names none). */
  offices: Record<string, string>;
  products: number[];
}

/** One reason a form no longer covers a site: what changed since it was signed. */
export type SignatureChange =
  | { kind: 'agent'; was: string; now: string }
  | { kind: 'office'; office: string }
  | { kind: 'broker'; office: string }
  | { kind: 'product'; was: number[]; now: number[] };

/** The terms a key names. */
export function safTermsOf(key: string): SafTerms {
  const terms: SafTerms = { agent: '', offices: {}, products: [] };
  for (const part of key.split(';')) {
    const colon = part.indexOf(':');
    const [kind, value] = [part.slice(0, colon), part.slice(colon + 1)];
    if (kind === 'agent') terms.agent = value;
    else if (kind === 'office') {
      const eq = value.indexOf('=');
      terms.offices[eq < 0 ? value : value.slice(0, eq)] = eq < 0 ? '' : value.slice(eq + 1);
    } else if (kind === 'product') terms.products.push(Number(value));
  }
  return terms;
}

/** The key of some terms, as SQL website_saf_parties builds it. */
export function safTermsKey(terms: SafTerms): string {
  return [
    `agent:${terms.agent}`,
    ...Object.entries(terms.offices).map(([office, broker]) => `office:${office}=${broker}`),
    ...terms.products.map((p) => `product:${p}`),
  ]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join(';');
}

/** What a form signed for `signed` does not cover of `now`; empty when it covers them. */
export function signatureChanges(signed: SafTerms, now: SafTerms): SignatureChange[] {
  const changes: SignatureChange[] = [];
  const uncovered = now.products.filter((p) => !signed.products.includes(p));
  if (uncovered.length > 0)
    changes.push({
      kind: 'product',
      was: [...signed.products].sort((a, b) => a - b),
      now: [...now.products].sort((a, b) => a - b),
    });
  if (signed.agent !== now.agent) changes.push({ kind: 'agent', was: signed.agent, now: now.agent });
  for (const [office, broker] of Object.entries(now.offices)) {
    if (!(office in signed.offices)) changes.push({ kind: 'office', office });
    else if (signed.offices[office] !== broker) changes.push({ kind: 'broker', office });
  }
  return changes;
}

/** Whether a form signed for `signed` covers the terms `now` (no new signature is needed). */
export function safCovers(signed: SafTerms, now: SafTerms): boolean {
  return signatureChanges(signed, now).length === 0;
}
