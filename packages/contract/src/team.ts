import { dbIdSchema } from './primitives.ts';
import { z } from './zod.ts';

/** A website's agent team: its primary agent and members (spec §3 Site team). */

/** The product whose websites carry a team of agents. */
export const TEAM_PRODUCT_ID = 2;

export const teamMemberSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  memberNumber: z.string(),
  mlsId: z.string(),
  licenseNumber: z.string(),
  office: z.string(),
  status: z.string(),
});
export const teamSchema = z.object({
  siteId: z.number().int(),
  primary: z.string(),
  memberIds: z.array(z.string()),
  members: z.array(teamMemberSchema),
  /** Raised by every change of the team; a save names the version it was made from. */
  version: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamInputSchema = z.object({
  siteId: dbIdSchema,
  primary: z.string().trim().min(1),
  memberIds: z.array(z.string().trim().min(1).max(50)).max(500),
  /** PUT: the version the team was loaded at (409 when stale). POST creates, so has none. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type TeamInput = z.infer<typeof teamInputSchema>;

export const TeamMessages = {
  added: 'Agent added successfully',
  removed: 'Agent removed successfully',
  selectAgent: 'Please select an agent',
  primaryCannotBeRemoved: 'Primary agent cannot be removed',
  searchPlaceholder: 'Agent name, Member #, or License #.',
  removeTitle: (name: string) => `Remove ${name} from the team?`,
  removeConfirm: 'They will no longer be a member of this website’s team. They can be added again later.',
  removeAction: 'Remove',
  /** The Team tab of a licensed site: changes go to the MLS as a Team Change Request. */
  byRequest:
    'This website is licensed: adding or removing an agent sends the MLS a Team Change Request, and the team changes once it is approved.',
  requestSent: 'Team Change Request sent',
  removeByRequest:
    'The MLS is asked to remove them from this website’s team; they stay on it until the request is approved.',
  /** Add Agent, before adding an agent whose office has no agent on the team (saf-terms.ts). */
  newOfficeNeedsSaf: (office: string) =>
    `No agent of ${office} is on this team yet. Its broker has not signed the Site Access Form, so the website will need a new SAF.`,
} as const;
