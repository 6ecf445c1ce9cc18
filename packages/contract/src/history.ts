import { auditKindSchema, type AuditKind } from './audit.ts';
import { z } from './zod.ts';

/** A website's History: one entry per recorded change, with before and after values per field. */

export const changeSchema = z.object({ path: z.array(z.string()), from: z.unknown(), to: z.unknown() });
export const historyEntrySchema = z.object({
  date: z.string(),
  /** What happened, for code to branch on; the description is its display text. */
  kind: auditKindSchema,
  description: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  changes: z.array(changeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** How people name the fields a History entry lists: 'Agent', not 'memberNumber'. */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  domainName: 'Domain',
  status: 'Status',
  memberNumber: 'Agent',
  reciprocal: 'Reciprocal',
  startDate: 'Start Date',
  termDate: 'Term Date',
  dba: 'DBA',
  products: 'Product',
  reason: 'Reason',
  fileName: 'File',
  fileType: 'File type',
  signatory: 'Signatory',
  'team.memberIds': 'Team members',
  'team.primary': 'Primary agent',
};

/** The label of a change's path; a field without one reads as its path. */
export function historyFieldLabel(path: readonly string[]): string {
  return HISTORY_FIELD_LABELS[path.join('.')] ?? path.map((p) => HISTORY_FIELD_LABELS[p] ?? p).join(' › ');
}

/**
 * The kinds whose changes are asked for, not applied: the site keeps its domain, agent, products or
 * team until MLS staff approve the request, and keeps them when the request is withdrawn. (A termination request
 * does move the site to Pending Termination.)
 */
export const REQUEST_AUDIT_KINDS: readonly AuditKind[] = [
  'website.domain_change_requested',
  'website.agent_change_requested',
  'website.domain_change_withdrawn',
  'website.agent_change_withdrawn',
  'website.domain_change_declined',
  'website.agent_change_declined',
  'website.product_change_requested',
  'website.team_change_requested',
  'website.product_change_withdrawn',
  'website.team_change_withdrawn',
  'website.product_change_declined',
  'website.team_change_declined',
];

export function isRequestEntry(kind: AuditKind): boolean {
  return REQUEST_AUDIT_KINDS.includes(kind);
}
