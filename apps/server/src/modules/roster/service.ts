import type { Db } from '../../db/client.ts';
import { checkRecords, type InputRecord, type Rejection } from './parse.ts';
import { analyzeRoster } from './queries.ts';
import { upsertMemberBatches, upsertOfficeBatches, type Counts } from './upsert.ts';

/**
 * Loads MLS roster records (RESO Member or Office resources) into the members and offices tables.
 * Records upsert by their RESO key, one transaction per batch; a record whose data is identical to
 * the stored row is left alone, so a replayed replication page reports everything unchanged.
 * Websites show roster data by joining members on MemberMlsId, so a status change here shows on
 * every website of that agent at once (their sort and search keys follow through triggers).
 */

export interface ImportReport {
  members: Counts;
  offices: Counts;
  rejected: Rejection[];
}

export interface ImportOptions {
  /** The records are another association's agents, offered only in reciprocal searches. */
  reciprocal?: boolean;
  batchSize?: number;
  /**
   * Refresh the planner's statistics when many rows changed (default true). A caller importing in
   * pages (the roster sync) passes false and decides once for the whole run.
   */
  analyze?: boolean;
}

/** Below this many written rows the planner's statistics are still good enough. */
const ANALYZE_AFTER = 1000;

export async function importRoster(
  db: Db,
  records: InputRecord[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 1000;
  const { offices, members, rejected } = checkRecords(records, options.reciprocal ?? false);
  // Offices first, so members of an office that arrives in the same file find it.
  const officeCounts = await upsertOfficeBatches(db, offices, batchSize, rejected);
  const memberCounts = await upsertMemberBatches(db, members, batchSize, rejected);

  const changed = memberCounts.added + memberCounts.updated + officeCounts.added + officeCounts.updated;
  if ((options.analyze ?? true) && changed >= ANALYZE_AFTER) await analyzeRoster(db);

  rejected.sort((a, b) => a.row - b.row);
  return { members: memberCounts, offices: officeCounts, rejected };
}
