-- A vendor may withdraw a pending domain or agent change request: each is a History kind of its own.
ALTER TABLE "website_changes" DROP CONSTRAINT "website_changes_kind_check";--> statement-breakpoint
ALTER TABLE "website_changes" ADD CONSTRAINT "website_changes_kind_check" CHECK ("kind" IN (
  'website.created', 'website.updated', 'website.status_changed', 'website.deleted',
  'website.domain_change_requested', 'website.agent_change_requested', 'website.termination_requested',
  'website.termination_withdrawn', 'website.domain_change_withdrawn', 'website.agent_change_withdrawn',
  'team.created', 'team.member_added', 'team.member_removed', 'team.primary_changed', 'team.updated',
  'document.uploaded', 'document.deleted',
  'saf.sent', 'saf.resent', 'saf.opened', 'saf.consented', 'saf.signed', 'saf.declined', 'saf.voided', 'saf.completed'
));
