import { SafMessages, TEAM_PRODUCT_ID, type SafPreparedSignatory } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { FormContent, FormMember, FormOffice } from './pdf.ts';
import { requestSafTerms } from '../websites/index.ts';
import * as q from './queries.ts';

/**
 * Preparing a Site Access Form: who signs it. The broker of the agent's office and the agent, from
 * the MLS roster; a team site (IDX Team) has the broker of every office among its members and the
 * primary agent, on one form for the whole team. Name and email may be filled in by the vendor only
 * where the roster lacks them.
 *
 * The roster knows a member by two identifiers: the member number (MemberMlsId, which a website
 * stores as its agent and offices name their broker by) and the MLS ID (MemberKey). The form prints
 * both, each under its own label.
 */

export interface PreparedSaf {
  site: q.SafSite;
  /** The key of the terms the form names (a change request's, when sent for one). */
  termsKey: string | null;
  /** The change request the form is sent for, if any. */
  requestId: number | null;
  typeId: number;
  signatories: SafPreparedSignatory[];
  agent: FormContent['agent'];
  brokers: FormContent['brokers'];
  products: string[];
}

const fullName = (m: q.RosterMember | undefined) => (m ? `${m.firstName} ${m.lastName}`.trim() : '');

const formMember = (m: q.RosterMember | undefined, memberNumber = ''): FormMember => ({
  name: fullName(m),
  mlsId: m?.key ?? '',
  memberNumber: m?.mlsId ?? memberNumber,
});

function signatory(role: string, member: q.RosterMember | undefined): SafPreparedSignatory {
  const name = fullName(member);
  const email = member?.email?.trim() ?? '';
  return { signatory: role, canOverride: !name || !email, name, email };
}

/** The SAF document type (signature-required), or the matching refusal. */
export async function safType(db: Db, typeId: number) {
  const type = await q.documentType(db, typeId);
  if (!type || type.messaging) throw new NotFoundError();
  if (!type.signatureRequired) throw new BadRequestError(SafMessages.notSafType);
  return type;
}

/**
 * `requestId`: a pending change request of the site whose terms need a new signature; the form then
 * names the terms it asks for (its agent, team or products) rather than the site's own.
 */
export async function prepareSaf(
  db: Db,
  vendorId: number,
  typeId: number,
  siteId: number,
  requestId: number | null = null,
): Promise<PreparedSaf> {
  const site = await q.siteForSaf(db, vendorId, siteId);
  if (!site) throw new NotFoundError();
  await safType(db, typeId);
  if (site.status === 'Inactive') throw new ConflictError(SafMessages.siteInactive);

  const asked = requestId === null ? null : await requestSafTerms(db, vendorId, siteId, requestId);
  const productIds = asked?.terms.products ?? site.products;
  const team = asked
    ? asked.terms.team && { primary: asked.terms.agent, members: asked.terms.team }
    : site.products.includes(TEAM_PRODUCT_ID)
      ? await q.teamOf(db, site.id)
      : null;
  const primary = team?.primary ?? asked?.terms.agent ?? site.memberNumber;
  const memberIds = team ? team.members : [primary];
  const roster = await q.membersByMlsIds(db, memberIds);
  const byNumber = (n: string) => roster.find((m) => m.mlsId === n);
  const agent = byNumber(primary);

  // Offices in the order of the agents (primary first), each once.
  const officeKeys: string[] = [];
  for (const id of memberIds) {
    const key = byNumber(id)?.officeKey;
    if (key && !officeKeys.includes(key)) officeKeys.push(key);
  }
  const offices = await q.officesByKeys(db, officeKeys);
  const ordered = officeKeys.flatMap((k) => offices.filter((o) => o.key === k));
  const brokers = await q.membersByMlsIds(
    db,
    ordered.map((o) => o.brokerMlsId).filter((id): id is string => !!id),
  );
  const officeOf = (key: string | null | undefined): FormOffice | null => {
    const o = offices.find((x) => x.key === key);
    return o ? { name: o.name, mlsId: o.mlsId } : null;
  };

  const several = ordered.length > 1;
  const brokerRows = ordered.map((o) =>
    signatory(
      several ? `Broker (${o.name})`.slice(0, 80) : 'Broker',
      brokers.find((b) => b.mlsId === o.brokerMlsId),
    ),
  );
  // An agent without an office still needs a broker to sign; the vendor names them.
  const signatories = [...(brokerRows.length ? brokerRows : [signatory('Broker', undefined)])];
  signatories.push(signatory('Agent', agent));

  return {
    site,
    termsKey: asked?.key ?? null,
    requestId,
    typeId,
    signatories,
    agent: {
      ...formMember(agent, primary),
      name: fullName(agent) || primary,
      license: agent?.license ?? '',
      office: officeOf(agent?.officeKey),
    },
    brokers: ordered.map((o) => {
      const broker = brokers.find((b) => b.mlsId === o.brokerMlsId);
      return {
        ...formMember(broker, o.brokerMlsId ?? ''),
        license: broker?.license ?? '',
        office: { name: o.name, mlsId: o.mlsId },
        // On a team's form each broker signs for the team members of their office.
        teamMembers: team
          ? memberIds
              .map((id) => byNumber(id))
              .filter((m): m is q.RosterMember => m?.officeKey === o.key)
              .map((m) => formMember(m))
          : [],
      };
    }),
    products: await q.productNames(db, productIds),
  };
}
