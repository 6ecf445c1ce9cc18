import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { websiteTeamMembers, websiteTeams } from '../../db/schema.ts';

export interface TeamRecord {
  primary: string;
  /** The primary first, then the others by when they joined and their number. */
  memberIds: string[];
}

export async function teamOf(db: Db, siteId: number): Promise<TeamRecord | null> {
  const [team] = await db
    .select({ primary: websiteTeams.primaryMemberNumber })
    .from(websiteTeams)
    .where(eq(websiteTeams.websiteId, siteId));
  if (!team) return null;
  const members = await db
    .select({ memberNumber: websiteTeamMembers.memberNumber })
    .from(websiteTeamMembers)
    .where(eq(websiteTeamMembers.websiteId, siteId))
    .orderBy(
      desc(sql`${websiteTeamMembers.memberNumber} = ${team.primary}`),
      asc(websiteTeamMembers.addedAt),
      asc(websiteTeamMembers.memberNumber),
    );
  return { primary: team.primary, memberIds: members.map((m) => m.memberNumber) };
}

export async function insertTeam(tx: Db, siteId: number, primary: string): Promise<void> {
  await tx.insert(websiteTeams).values({ websiteId: siteId, primaryMemberNumber: primary });
}

/** Adds members; one already in the team stays as it was. */
export async function addMembers(tx: Db, siteId: number, memberIds: string[]): Promise<void> {
  for (const memberNumber of memberIds) {
    await tx.insert(websiteTeamMembers).values({ websiteId: siteId, memberNumber }).onConflictDoNothing();
  }
}

export async function removeMembers(tx: Db, siteId: number, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx
    .delete(websiteTeamMembers)
    .where(
      and(eq(websiteTeamMembers.websiteId, siteId), inArray(websiteTeamMembers.memberNumber, memberIds)),
    );
}

export async function touchTeam(tx: Db, siteId: number): Promise<void> {
  await tx.update(websiteTeams).set({ updatedAt: new Date() }).where(eq(websiteTeams.websiteId, siteId));
}
