import {
  TEAM_PRODUCT_ID,
  TeamMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  teamInputSchema,
  type Team,
  type TeamInput,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, parse } from '../../platform/errors.ts';
import { agentsByMemberNumbers, toAgent, vendorAllowsReciprocal } from '../agents/queries.ts';
import { recordChange, type Actor } from '../changelog/service.ts';
import { rowsOf } from '../../db/sql.ts';
import { requireWebsite, type SiteRecord } from '../websites/queries.ts';

/**
 * The team of a website: its agent (the primary) and the members added to it. Only sites carrying
 * the team product have one; the primary cannot leave it.
 */

async function teamOf(db: Db, siteId: number): Promise<{ primary: string; memberIds: string[] } | null> {
  const [team] = await rowsOf<{ primary_member_number: string }>(
    db,
    sql`SELECT primary_member_number FROM website_teams WHERE website_id = ${siteId}`,
  );
  if (!team) return null;
  const members = await rowsOf<{ member_number: string }>(
    db,
    sql`SELECT member_number FROM website_team_members WHERE website_id = ${siteId}
      ORDER BY member_number = ${team.primary_member_number} DESC, added_at, member_number`,
  );
  return { primary: team.primary_member_number, memberIds: members.map((m) => m.member_number) };
}

async function answer(db: Db, siteId: number, team: { primary: string; memberIds: string[] }): Promise<Team> {
  const rows = await agentsByMemberNumbers(db, team.memberIds);
  const byNumber = new Map(rows.map((r) => [r.member_mls_id, toAgent(r)]));
  return {
    siteId,
    primary: team.primary,
    memberIds: team.memberIds,
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

function parseInput(siteId: number, raw: unknown): TeamInput {
  const input = parse(teamInputSchema, raw);
  if (input.siteId !== siteId) throw new BadRequestError(WebsiteServerMessages.teamSiteMismatch);
  return { ...input, memberIds: [...new Set(input.memberIds)] };
}

/** New members must be in the roster; reciprocal agents only for vendors allowed them. */
async function checkNewMembers(db: Db, vendorId: number, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = await agentsByMemberNumbers(db, memberIds);
  if (rows.length !== memberIds.length) throw new BadRequestError(WebsiteMessages.agentNotFound);
  if (rows.some((r) => r.reciprocal) && !(await vendorAllowsReciprocal(db, vendorId))) {
    throw new ForbiddenError(WebsiteMessages.reciprocalNotAllowed);
  }
}

async function addMembers(tx: Db, siteId: number, memberIds: string[]): Promise<void> {
  for (const id of memberIds) {
    await tx.execute(
      sql`INSERT INTO website_team_members (website_id, member_number) VALUES (${siteId}, ${id}) ON CONFLICT DO NOTHING`,
    );
  }
}

export function teamsService(db: Db) {
  return {
    async get(vendorId: number, siteId: number): Promise<Team> {
      await requireWebsite(db, vendorId, siteId);
      const team = await teamOf(db, siteId);
      if (!team) throw new NotFoundError(WebsiteServerMessages.teamNotFound);
      return answer(db, siteId, team);
    },

    async create(vendorId: number, actor: Actor, siteId: number, raw: unknown): Promise<Team> {
      const input = parseInput(siteId, raw);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, siteId, true);
        requireTeamProduct(site);
        if (await teamOf(tx, siteId)) throw new AppError(409, WebsiteServerMessages.teamExists);
        if (input.primary !== site.memberNumber)
          throw new BadRequestError(WebsiteServerMessages.teamPrimaryMismatch);
        if (!input.memberIds.includes(input.primary))
          throw new BadRequestError(TeamMessages.primaryCannotBeRemoved);
        await checkNewMembers(
          tx,
          vendorId,
          input.memberIds.filter((id) => id !== input.primary),
        );
        await tx.execute(
          sql`INSERT INTO website_teams (website_id, primary_member_number) VALUES (${siteId}, ${input.primary})`,
        );
        const ordered = [input.primary, ...input.memberIds.filter((id) => id !== input.primary)];
        await addMembers(tx, siteId, ordered);
        await recordChange(tx, {
          websiteId: siteId,
          vendorId,
          description: 'Team created',
          actor,
          changes: [{ path: ['team', 'memberIds'], from: [], to: ordered }],
        });
        return answer(tx, siteId, (await teamOf(tx, siteId))!);
      });
    },

    async update(vendorId: number, actor: Actor, siteId: number, raw: unknown): Promise<Team> {
      const input = parseInput(siteId, raw);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, siteId, true);
        const team = await teamOf(tx, siteId);
        if (!team) throw new NotFoundError(WebsiteServerMessages.teamNotFound);
        requireTeamProduct(site);
        if (input.primary !== team.primary)
          throw new BadRequestError(WebsiteServerMessages.teamPrimaryMismatch);
        if (!input.memberIds.includes(team.primary))
          throw new BadRequestError(TeamMessages.primaryCannotBeRemoved);
        const added = input.memberIds.filter((id) => !team.memberIds.includes(id));
        const removed = team.memberIds.filter((id) => !input.memberIds.includes(id));
        if (added.length === 0 && removed.length === 0) return answer(tx, siteId, team);
        await checkNewMembers(tx, vendorId, added);
        for (const id of removed) {
          await tx.execute(
            sql`DELETE FROM website_team_members WHERE website_id = ${siteId} AND member_number = ${id}`,
          );
        }
        await addMembers(tx, siteId, added);
        await tx.execute(sql`UPDATE website_teams SET updated_at = now() WHERE website_id = ${siteId}`);
        const after = (await teamOf(tx, siteId))!;
        const description =
          removed.length === 0
            ? 'Team member added'
            : added.length === 0
              ? 'Team member removed'
              : 'Team updated';
        await recordChange(tx, {
          websiteId: siteId,
          vendorId,
          description,
          actor,
          changes: [{ path: ['team', 'memberIds'], from: team.memberIds, to: after.memberIds }],
        });
        return answer(tx, siteId, after);
      });
    },
  };
}
