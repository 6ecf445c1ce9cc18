import { SafMessages, TEAM_PRODUCT_ID, type SafPreparedSignatory } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import * as q from './queries.ts';

/**
 * Preparing a Site Access Form: who signs it. The broker of the agent's office and the agent, from
 * the MLS roster; a team site (IDX Team) has the broker of every office among its members and the
 * primary agent, on one form for the whole team. Name and email may be filled in by the vendor only
 * where the roster lacks them.
 */

export interface PreparedSaf {
  site: q.SafSite;
  typeId: number;
  signatories: SafPreparedSignatory[];
  agent: { name: string; mlsId: string; license: string };
  brokers: { name: string; office: string }[];
  products: string[];
}

const fullName = (m: q.RosterMember | undefined) => (m ? `${m.firstName} ${m.lastName}`.trim() : '');

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

export async function prepareSaf(
  db: Db,
  vendorId: number,
  typeId: number,
  siteId: number,
): Promise<PreparedSaf> {
  const site = await q.siteForSaf(db, vendorId, siteId);
  if (!site) throw new NotFoundError();
  await safType(db, typeId);
  if (site.status === 'Inactive') throw new ConflictError(SafMessages.siteInactive);

  const team = site.products.includes(TEAM_PRODUCT_ID) ? await q.teamOf(db, site.id) : null;
  const primary = team?.primary ?? site.memberNumber;
  const memberIds = team ? team.members : [primary];
  const roster = await q.membersByMlsIds(db, memberIds);
  const agent = roster.find((m) => m.mlsId === primary);

  // Offices in the order of the agents (primary first), each once.
  const officeKeys: string[] = [];
  for (const id of memberIds) {
    const key = roster.find((m) => m.mlsId === id)?.officeKey;
    if (key && !officeKeys.includes(key)) officeKeys.push(key);
  }
  const offices = await q.officesByKeys(db, officeKeys);
  const ordered = officeKeys.flatMap((k) => offices.filter((o) => o.key === k));
  const brokers = await q.membersByMlsIds(
    db,
    ordered.map((o) => o.brokerMlsId).filter((id): id is string => !!id),
  );

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
    typeId,
    signatories,
    agent: { name: fullName(agent) || primary, mlsId: primary, license: agent?.license ?? '' },
    brokers: ordered.map((o) => ({
      name: fullName(brokers.find((b) => b.mlsId === o.brokerMlsId)),
      office: o.name,
    })),
    products: await q.productNames(db, site.products),
  };
}
