/**
 * The roster module's public surface: reading roster files and importing their records. The CSV
 * reader and the status mapping stay internal to the module.
 */
export { parseRosterPayload, recordKind, type InputRecord, type RawRecord, type Rejection } from './parse.ts';
export { importRoster, type ImportOptions, type ImportReport } from './service.ts';
export type { Counts } from './upsert.ts';
export { ROSTER_SYNC_JOB, runRosterSync, type SyncReport } from './sync.ts';
export { rosterJobs } from './jobs.ts';
