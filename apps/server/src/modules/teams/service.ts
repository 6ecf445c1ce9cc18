import {
  isTeamEditable,
  TEAM_PRODUCT_ID,
  StaleMessages,
  TeamMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  type AuditKind,
  type Team,
  type TeamInput,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { agentsByMemberNumbers, toAgent, vendorAllowsReciprocal } from '../agents/index.ts';
import { recordChange } from '../history/index.ts';
import { settleLicence } from '../licences/index.ts';
import { noticeText, withNotices, type NoticeBatch } from '../notifications/index.ts';
import { requireWebsite, type SiteRecord } from '../websites/index.ts';
import { addMembers, insertTeam, removeMembers, teamOf, touchTeam, type TeamRecord } from './queries.ts';

/**
 * The team of a website: its agent (the primary) and the members added to it. Only sites carrying
 * the team product have one; the primary cannot leave it.
 */

async function answer(db: Db, siteId: number, team: TeamRecord): Promise<Team> {
  const rows = await agentsByMemberNumbers(db, team.memberIds);
  const byNumber = new Map(rows.map((r) => [r.member_mls_id, toAgent(r)]));
  return {
    siteId,
    primary: team.primary,
    memberIds: team.memberIds,
    version: team.version,
    members: team.memberIds.map((id) => {
      const a = byNumber.get(id);
      // A member who has left the roster still shows, by number, until removed.
      return {
        firstName: a?.firstName ?? '',
        lastName: a?.lastName ?? '',
        memberNumber: id,
        mlsId: a?.mlsId ?? '',
        licenseNumber: a?.licenseNumber ?? '',
        office: a?.office ?? '',
        status: a?.status ?? '',
      };
    }),
  };
}

function requireTeamProduct(site: SiteRecord): void {
  if (!site.products.includes(TEAM_PRODUCT_ID))
    throw new BadRequestError(WebsiteServerMessages.teamProductRequired);
}

function requireOpenTeam(site: SiteRecord, actor: Actor): void {
  if (!isTeamEditable(site.status, actor.role)) throw new ConflictError(WebsiteServerMessages.teamClosed);
}

function checkInput(siteId: number, input: TeamInput): TeamInput {
  if (input.siteId !== siteId) throw new BadRequestError(WebsiteServerMessages.teamSiteMismatch);
  return { ...input, memberIds: [...new Set(input.memberIds)] };
}

/** New members must be in the roster with MLS status Active; reciprocal agents only for vendors allowed them. */
async function checkNewMembers(db: Db, vendorId: number, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = await agentsByMemberNumbers(db, memberIds);
  if (rows.length !== memberIds.length) throw new BadRequestError(WebsiteMessages.agentNotFound);
  if (rows.some((r) => r.member_status !== 'Active'))
    throw new BadRequestError(WebsiteMessages.agentNotActive);
  if (rows.some((r) => r.reciprocal) && !(await vendorAllowsReciprocal(db, vendorId))) {
    throw new ForbiddenError(WebsiteMessages.reciprocalNotAllowed);
  }
}

function updateKind(added: string[], removed: string[]): { kind: AuditKind; description: string } {
  if (removed.length === 0) return { kind: 'team.member_added', description: 'Team member added' };
  if (added.length === 0) return { kind: 'team.member_removed', description: 'Team member removed' };
  return { kind: 'team.updated', description: 'Team updated' };
}

/** The vendor's users hear of a team's change as a change of its website. */
function teamChanged(
  notices: NoticeBatch,
  tx: Db,
  vendorId: number,
  site: SiteRecord,
  actor: Actor,
  detail: string,
) {
  return notices.add(tx, {
    vendorId,
    websiteId: site.id,
    topic: 'websites.modify',
    content: noticeText.website('modified', site.domainName, actor, detail),
    actor,
  });
}

export function teamsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async get(vendorId: number, siteId: number): Promise<Team> {
      await requireWebsite(db, vendorId, siteId);
      const team = await teamOf(db, siteId);
      if (!team) throw new NotFoundError(WebsiteServerMessages.teamNotFound);
      return answer(db, siteId, team);
    },

    async create(vendorId: number, actor: Actor, siteId: number, raw: TeamInput): Promise<Team> {
      const input = checkInput(siteId, raw);
      return withNotices(ctx, async (tx, notices) => {
        const site = await requireWebsite(tx, vendorId, siteId, true);
        requireTeamProduct(site);
        requireOpenTeam(site, actor);
        if (await teamOf(tx, siteId)) throw new ConflictError(WebsiteServerMessages.teamExists);
        if (input.primary !== site.memberNumber)
          throw new BadRequestError(WebsiteServerMessages.teamPrimaryMismatch);
        if (!input.memberIds.includes(input.primary))
          throw new BadRequestError(TeamMessages.primaryCannotBeRemoved);
        const others = input.memberIds.filter((id) => id !== input.primary);
        await checkNewMembers(tx, vendorId, others);
        await insertTeam(tx, siteId, input.primary);
        const ordered = [input.primary, ...others];
        await addMembers(tx, siteId, ordered);
        await recordChange(tx, {
          websiteId: siteId,
          vendorId,
          kind: 'team.created',
          description: 'Team created',
          actor,
          changes: [{ path: ['team', 'memberIds'], from: [], to: ordered }],
        });
        // A licensed site's team is part of its terms: only MLS staff change it in place.
        await settleLicence(tx, site, site.status, actor);
        await teamChanged(notices, tx, vendorId, site, actor, 'Team created');
        return answer(tx, siteId, (await teamOf(tx, siteId))!);
      });
    },

    /** `version`: the one the team was loaded at; a team changed since is not overwritten (409). */
    async update(
      vendorId: number,
      actor: Actor,
      siteId: number,
      raw: TeamInput & { version: number },
    ): Promise<Team> {
      const input = checkInput(siteId, raw);
      const version = raw.version;
      return withNotices(ctx, async (tx, notices) => {
        const site = await requireWebsite(tx, vendorId, siteId, true);
        const team = await teamOf(tx, siteId, true);
        if (!team) throw new NotFoundError(WebsiteServerMessages.teamNotFound);
        // Judged before the members: a stale list's additions and removals are not the user's intent.
        if (team.version !== version) throw new ConflictError(StaleMessages.team);
        requireTeamProduct(site);
        requireOpenTeam(site, actor);
        if (input.primary !== team.primary)
          throw new BadRequestError(WebsiteServerMessages.teamPrimaryMismatch);
        if (!input.memberIds.includes(team.primary))
          throw new BadRequestError(TeamMessages.primaryCannotBeRemoved);
        const added = input.memberIds.filter((id) => !team.memberIds.includes(id));
        const removed = team.memberIds.filter((id) => !input.memberIds.includes(id));
        if (added.length === 0 && removed.length === 0) return answer(tx, siteId, team);
        await checkNewMembers(tx, vendorId, added);
        if (!(await touchTeam(tx, siteId, version))) throw new ConflictError(StaleMessages.team);
        await removeMembers(tx, siteId, removed);
        await addMembers(tx, siteId, added);
        const after = (await teamOf(tx, siteId))!;
        const kind = updateKind(added, removed);
        await recordChange(tx, {
          websiteId: siteId,
          vendorId,
          ...kind,
          actor,
          changes: [{ path: ['team', 'memberIds'], from: team.memberIds, to: after.memberIds }],
        });
        await settleLicence(tx, site, site.status, actor);
        await teamChanged(notices, tx, vendorId, site, actor, kind.description);
        return answer(tx, siteId, after);
      });
    },
  };
}
