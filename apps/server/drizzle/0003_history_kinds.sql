-- Every History entry carries a kind from the contract's closed AUDIT_KINDS; the description stays
-- as its display text. Existing entries get the kind their description names. An insert that gives
-- no kind (rows written before kinds existed, the demo data) gets it the same way, by trigger.
CREATE FUNCTION "website_change_kind"(description text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN description = 'Website created' THEN 'website.created'
    WHEN description LIKE 'Status changed%' THEN 'website.status_changed'
    WHEN description = 'Website deleted' THEN 'website.deleted'
    WHEN description = 'Domain change requested' THEN 'website.domain_change_requested'
    WHEN description = 'Agent change requested' THEN 'website.agent_change_requested'
    WHEN description = 'Termination requested' THEN 'website.termination_requested'
    WHEN description = 'Team created' THEN 'team.created'
    WHEN description = 'Team member added' THEN 'team.member_added'
    WHEN description = 'Team member removed' THEN 'team.member_removed'
    WHEN description = 'Team primary changed' THEN 'team.primary_changed'
    WHEN description = 'Team updated' THEN 'team.updated'
    ELSE 'website.updated'
  END
$$;--> statement-breakpoint
ALTER TABLE "website_changes" ADD COLUMN "kind" text DEFAULT NULL;--> statement-breakpoint
UPDATE "website_changes" SET "kind" = "website_change_kind"("description");--> statement-breakpoint
ALTER TABLE "website_changes" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "website_changes" ADD CONSTRAINT "website_changes_kind_check" CHECK ("kind" IN (
  'website.created', 'website.updated', 'website.status_changed', 'website.deleted',
  'website.domain_change_requested', 'website.agent_change_requested', 'website.termination_requested',
  'team.created', 'team.member_added', 'team.member_removed', 'team.primary_changed', 'team.updated'
));--> statement-breakpoint
CREATE FUNCTION "website_changes_fill_kind"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS NULL THEN
    NEW.kind := website_change_kind(NEW.description);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_changes_fill_kind" BEFORE INSERT ON "website_changes"
  FOR EACH ROW EXECUTE FUNCTION "website_changes_fill_kind"();
