import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { websiteTeamMembers, websiteTeams } from '../../db/schema.ts';

export interface TeamRecord {
  primary: string;
  /** Raised by every update of the team (trigger of migration 0017). */
  version: number;
  /** The primary first, then the others by when they joined and their number. */
  memberIds: string[];
}

/** `forUpdate`: holds the team's row until the transaction ends. */
export async function teamOf(db: Db, siteId: number, forUpdate = false): Promise<TeamRecord | null> {
  const query = db
    .select({ primary: websiteTeams.primaryMemberNumber, version: websiteTeams.version })
    .from(websiteTeams)
    .where(eq(websiteTeams.websiteId, siteId));
  const [team] = forUpdate ? await query.for('update') : await query;
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
  return { primary: team.primary, version: team.version, memberIds: members.map((m) => m.memberNumber) };
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

/**
 * Marks the team changed, raising its version, only if it is still at `expectedVersion`: answers
 * false when someone else changed it since (and nothing was written).
 */
export async function touchTeam(tx: Db, siteId: number, expectedVersion: number): Promise<boolean> {
  const rows = await tx
    .update(websiteTeams)
    .set({ updatedAt: new Date() })
    .where(and(eq(websiteTeams.websiteId, siteId), eq(websiteTeams.version, expectedVersion)))
    .returning({ websiteId: websiteTeams.websiteId });
  return rows.length > 0;
}
