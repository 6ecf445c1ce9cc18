import { z } from './zod.ts';

/**
 * What a history entry records, as a closed set: the server writes one of these with every
 * change, and readers (History, notifications, the signature trail) branch on the kind, never on
 * the display text.
 */
export const AUDIT_KINDS = [
  'website.created',
  'website.updated',
  'website.status_changed',
  'website.deleted',
  'website.domain_change_requested',
  'website.agent_change_requested',
  'website.termination_requested',
  'website.termination_withdrawn',
  'website.domain_change_withdrawn',
  'website.agent_change_withdrawn',
  'website.domain_change_approved',
  'website.domain_change_declined',
  'website.agent_change_approved',
  'website.agent_change_declined',
  'website.product_change_requested',
  'website.product_change_approved',
  'website.product_change_declined',
  'website.product_change_withdrawn',
  'website.team_change_requested',
  'website.team_change_approved',
  'website.team_change_declined',
  'website.team_change_withdrawn',
  'website.licence_reviewed',
  'website.licence_granted',
  'website.licence_ended',
  'website.compliance_found',
  'website.compliance_resolved',
  'website.compliance_extended',
  'website.compliance_waived',
  'team.created',
  'team.member_added',
  'team.member_removed',
  'team.updated',
  'team.primary_changed',
  'document.uploaded',
  'document.deleted',
  'document.rejected',
  'saf.sent',
  'saf.resent',
  'saf.opened',
  'saf.consented',
  'saf.signed',
  'saf.declined',
  'saf.voided',
  'saf.completed',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;
