import type { Agent, Broker } from '@vp/contract';

/** Missing values show N/A (spec §2 Website tab). */
export const NA = 'N/A';

export function orNA(v: string | null | undefined): string {
  return v && v.trim() ? v : NA;
}

export function fullName(
  p: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  if (!p) return '';
  return [p.firstName, p.lastName].filter((s) => s && s.trim()).join(' ');
}

/** How a picked agent reads in the search box; unique per member, so it identifies the pick. */
export function agentLabel(a: Pick<Agent, 'firstName' | 'lastName' | 'memberNumber'>): string {
  const name = fullName(a);
  return name ? `${name} (#${a.memberNumber})` : `#${a.memberNumber}`;
}

export interface AgentRow {
  role: 'Agent' | 'Broker';
  name: string;
  memberNumber: string;
  mlsId: string;
  licenseNumber: string;
  office: string;
  status: string;
  memberAOR: string;
}

/** The agent and broker table's two rows, from a search pick or a saved site. */
export function agentRows(
  agent: {
    firstName: string;
    lastName: string;
    memberNumber: string;
    mlsId: string;
    licenseNumber: string;
    office: string;
    status?: string | null;
    memberAOR?: string | null;
  } | null,
  broker: Broker | null | undefined,
): AgentRow[] {
  return [
    {
      role: 'Agent',
      name: orNA(fullName(agent)),
      memberNumber: orNA(agent?.memberNumber),
      mlsId: orNA(agent?.mlsId),
      licenseNumber: orNA(agent?.licenseNumber),
      office: orNA(agent?.office),
      status: orNA(agent?.status),
      memberAOR: orNA(agent?.memberAOR),
    },
    {
      role: 'Broker',
      name: orNA(fullName(broker)),
      memberNumber: orNA(broker?.memberNumber),
      mlsId: orNA(broker?.mlsId),
      licenseNumber: orNA(broker?.licenseNumber),
      office: orNA(broker?.office),
      status: orNA(broker?.status),
      memberAOR: NA,
    },
  ];
}
