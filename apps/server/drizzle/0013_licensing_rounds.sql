-- A licensing round starts whenever a site enters Pending Activation (created, reactivated from
-- Inactive, or restarted from Pending Termination); pending_since records when, by trigger. A Site
-- Access Form counts for activation only when it was signed in the current round.
ALTER TABLE "websites" ADD COLUMN "pending_since" timestamptz;--> statement-breakpoint
UPDATE "websites" w SET "pending_since" = COALESCE(
  (SELECT max(c."created_at") FROM "website_changes" c
    WHERE c."website_id" = w."id" AND c."changes" @> '[{"path": ["status"], "to": "Pending Activation"}]'),
  w."created_at");--> statement-breakpoint
ALTER TABLE "websites" ALTER COLUMN "pending_since" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "websites" ALTER COLUMN "pending_since" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "websites_pending_since"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'Pending Activation' AND (TG_OP = 'INSERT' OR OLD.status <> 'Pending Activation') THEN
    NEW.pending_since := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "websites_pending_since" BEFORE INSERT OR UPDATE OF "status" ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_pending_since"();--> statement-breakpoint
-- Who a Site Access Form was made for: the agent and each office's broker of the site when it was
-- sent (or, for a form signed on paper, uploaded), as one sorted key. A form for other parties does
-- not count for the site's current round.
ALTER TABLE "documents" ADD COLUMN "saf_parties" text;--> statement-breakpoint
-- The parties of a site as that key: 'agent:<MLS ID>' for its agent (a team site's primary; product
-- 2 is the team product) and 'office:<key>=<broker MLS ID>' for each office among its agents.
CREATE FUNCTION "website_saf_parties"(site integer) RETURNS text LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT w.id, w.member_number, 2 = ANY(w.products) AS team FROM websites w WHERE w.id = site
  ), lead AS (
    SELECT COALESCE(
      (SELECT t.primary_member_number FROM website_teams t WHERE t.website_id = s.id AND s.team),
      s.member_number) AS mls_id
    FROM s
  ), agents AS (
    SELECT mls_id FROM lead
    UNION
    SELECT m.member_number FROM website_team_members m, s WHERE m.website_id = s.id AND s.team
  ), parts AS (
    SELECT 'agent:' || mls_id AS part FROM lead
    UNION
    SELECT 'office:' || o.office_key || '=' || COALESCE(o.office_broker_mls_id, '')
      FROM agents a
      JOIN members mb ON mb.member_mls_id = a.mls_id
      JOIN offices o ON o.office_key = mb.office_key
  )
  SELECT string_agg(part, ';' ORDER BY part COLLATE "C") FROM parts
$$;--> statement-breakpoint
-- A Site Access Form signed on paper and uploaded by MLS staff.
ALTER TABLE "documents" ADD COLUMN "paper" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- History kinds become rows of a table, so a new kind is one insert instead of a rewritten CHECK.
CREATE TABLE "audit_kinds" ("kind" text PRIMARY KEY);--> statement-breakpoint
INSERT INTO "audit_kinds" ("kind") VALUES
  ('website.created'), ('website.updated'), ('website.status_changed'), ('website.deleted'),
  ('website.domain_change_requested'), ('website.agent_change_requested'), ('website.termination_requested'),
  ('website.termination_withdrawn'),
  ('team.created'), ('team.member_added'), ('team.member_removed'), ('team.primary_changed'), ('team.updated'),
  ('document.uploaded'), ('document.deleted'),
  ('saf.sent'), ('saf.resent'), ('saf.opened'), ('saf.consented'), ('saf.signed'), ('saf.declined'), ('saf.voided'),
  ('saf.completed');--> statement-breakpoint
ALTER TABLE "website_changes" DROP CONSTRAINT "website_changes_kind_check";--> statement-breakpoint
ALTER TABLE "website_changes" ADD CONSTRAINT "website_changes_kind_fk" FOREIGN KEY ("kind") REFERENCES "audit_kinds"("kind");
