import { z } from './zod.ts';
import { MLS_STATUSES } from './status.ts';

/** Agents and brokers of the MLS roster, as search, the agent dialog and websites show them. */

export const mlsStatusSchema = z.enum(MLS_STATUSES);

export const brokerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  licenseNumber: z.string(),
  office: z.string(),
  memberNumber: z.string(),
  mlsId: z.string(),
  /** The broker's MLS status, as the roster has it. */
  status: z.string(),
});
export type Broker = z.infer<typeof brokerSchema>;

/** An agent as search results, the agent dialog and team members show it. */
export const agentSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** MemberMlsId: the member number agents are known by. */
  memberNumber: z.string(),
  /** MemberKey: the MLS system's id of the member record. */
  mlsId: z.string(),
  office: z.string(),
  status: z.string(),
  licenseNumber: z.string(),
  broker: brokerSchema.nullable(),
  /** The agent's association, for reciprocal agents. */
  memberAOR: z.string().nullable(),
});
export type Agent = z.infer<typeof agentSchema>;

export const AgentSearchMessages = {
  noMembers: 'No matching members',
  noResults: 'No matching results',
  notFound: 'Agent information not found.',
  fetchFailed: 'Failed to fetch updated agent information.',
} as const;
