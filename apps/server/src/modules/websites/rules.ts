import { WebsiteMessages, WebsiteServerMessages } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { agentByMemberNumber, vendorAllowsReciprocal, type AgentRow } from '../agents/index.ts';
import { unknownProducts, type SiteFields } from './queries.ts';

/** Checks shared by the website writes. */

/** The fields a site's History tracks, in the order its entries list them. */
export const TRACKED = [
  'domainName',
  'status',
  'memberNumber',
  'reciprocal',
  'startDate',
  'termDate',
  'dba',
  'products',
] as const satisfies readonly (keyof SiteFields)[];

/** Today in the server's calendar as yyyy-mm-dd: a new site starts today unless told otherwise. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Why a roster agent may not be tied to a site: not found, not Active, or reciprocal when the
 * vendor may not license reciprocal agents. Null when the agent may be used.
 */
export function agentProblem(agent: AgentRow | null, reciprocalAllowed: boolean): string | null {
  if (!agent) return WebsiteMessages.agentNotFound;
  if (agent.member_status !== 'Active') return WebsiteMessages.agentNotActive;
  if (agent.reciprocal && !reciprocalAllowed) return WebsiteMessages.reciprocalNotAllowed;
  return null;
}

/** The roster agent a site may be tied to: must exist with MLS status Active, and be reciprocal only when the vendor may. */
export async function licensableAgent(
  db: Db,
  vendorId: number,
  memberNumber: string,
  failPrefix = '',
): Promise<AgentRow> {
  const agent = await agentByMemberNumber(db, memberNumber);
  const reciprocalAllowed = agent?.reciprocal ? await vendorAllowsReciprocal(db, vendorId) : true;
  const problem = agentProblem(agent, reciprocalAllowed);
  if (problem === WebsiteMessages.reciprocalNotAllowed) throw new ForbiddenError(`${failPrefix}${problem}`);
  if (problem) throw new BadRequestError(`${failPrefix}${problem}`);
  return agent!;
}

export async function checkProducts(db: Db, products: number[]): Promise<void> {
  if ((await unknownProducts(db, products)).length > 0)
    throw new BadRequestError(WebsiteServerMessages.productUnknown);
}
