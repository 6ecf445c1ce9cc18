-- A site that was ever Active never returns to Pending Activation: activated_at is set, by trigger,
-- when a site first becomes Active (or is inserted already past Pending Activation, as imported and
-- demo data are). Existing sites count as activated when they are past Pending Activation or their
-- History shows them Active.
ALTER TABLE "websites" ADD COLUMN "activated_at" timestamptz;--> statement-breakpoint
UPDATE "websites" w SET "activated_at" = now()
  WHERE w."status" <> 'Pending Activation'
     OR EXISTS (
       SELECT 1 FROM "website_changes" c
       WHERE c."website_id" = w."id" AND c."changes" @> '[{"path": ["status"], "to": "Active"}]'
     );--> statement-breakpoint
CREATE FUNCTION "websites_activated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.activated_at IS NULL
     AND (NEW.status = 'Active' OR (TG_OP = 'INSERT' AND NEW.status <> 'Pending Activation')) THEN
    NEW.activated_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "websites_activated" BEFORE INSERT OR UPDATE OF "status" ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_activated"();--> statement-breakpoint
-- Deleting is for never-activated sites, and keeps the record: the row moves here, out of every list,
-- and its History stays readable to MLS staff.
CREATE TABLE "deleted_websites" (
  "id" integer PRIMARY KEY,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
  "domain_name" text NOT NULL,
  "status" text NOT NULL,
  "member_number" text NOT NULL,
  "reciprocal" boolean NOT NULL,
  "start_date" date,
  "term_date" date,
  "dba" text NOT NULL,
  "products" integer[] NOT NULL,
  "created_at" timestamptz NOT NULL,
  "deleted_at" timestamptz NOT NULL DEFAULT now(),
  "deleted_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE INDEX "deleted_websites_vendor_idx" ON "deleted_websites" ("vendor_id", "deleted_at");--> statement-breakpoint
-- History is never cascaded away, nor deleted at all: it outlives its site.
ALTER TABLE "website_changes" DROP CONSTRAINT "website_changes_website_id_websites_id_fk";--> statement-breakpoint
CREATE FUNCTION "website_changes_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'History entries are kept: website_changes rows cannot be deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_changes_kept" BEFORE DELETE ON "website_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "website_changes_kept"();--> statement-breakpoint
-- A withdrawn termination is a kind of its own.
ALTER TABLE "website_changes" DROP CONSTRAINT "website_changes_kind_check";--> statement-breakpoint
ALTER TABLE "website_changes" ADD CONSTRAINT "website_changes_kind_check" CHECK ("kind" IN (
  'website.created', 'website.updated', 'website.status_changed', 'website.deleted',
  'website.domain_change_requested', 'website.agent_change_requested', 'website.termination_requested',
  'website.termination_withdrawn',
  'team.created', 'team.member_added', 'team.member_removed', 'team.primary_changed', 'team.updated'
));
