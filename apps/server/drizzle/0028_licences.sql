-- Licences: the record of each MLS decision that lets a site receive listing data, for exactly the
-- terms it was decided on. The database itself holds the rule: a site is Active or Pending
-- Termination only while it holds a current licence whose terms are the site's terms now.
--
-- A site's licensed terms, in one normalised form: its domain, products, agent (a team site's
-- primary), reciprocal flag, and a team site's members. jsonb orders its keys, so the text of the
-- value is canonical and its md5 is the terms' hash. Offices and brokers come from the roster, which
-- changes on its own; the roster sync flags a site whose people moved, and a licence records the
-- parties its form named (website_saf_parties) alongside the terms.
CREATE FUNCTION "website_terms"(site integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'domain', lower(w.domain_name),
    'products', (SELECT COALESCE(jsonb_agg(p ORDER BY p), '[]'::jsonb) FROM (SELECT DISTINCT unnest(w.products) AS p) ps),
    'agent', COALESCE(
      (SELECT t.primary_member_number FROM website_teams t WHERE t.website_id = w.id AND 2 = ANY(w.products)),
      w.member_number),
    'reciprocal', w.reciprocal,
    'team', CASE WHEN 2 = ANY(w.products) THEN
      (SELECT COALESCE(jsonb_agg(m.member_number ORDER BY m.member_number COLLATE "C"), '[]'::jsonb)
        FROM website_team_members m WHERE m.website_id = w.id)
      ELSE '[]'::jsonb END)
  FROM websites w WHERE w.id = site
$$;--> statement-breakpoint
CREATE FUNCTION "website_terms_hash"(site integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(website_terms(site)::text)
$$;--> statement-breakpoint
CREATE TABLE "licences" (
  "id" serial PRIMARY KEY,
  -- An activated site is never deleted, so its licences stay with it.
  "website_id" integer NOT NULL REFERENCES "websites"("id"),
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
  "terms" jsonb NOT NULL,
  "terms_hash" text NOT NULL,
  -- The parties the site's form must name when the licence was granted (website_saf_parties).
  "saf_parties" text NOT NULL DEFAULT '',
  -- The Site Access Form that covers the terms: signed in the portal, or on paper and uploaded by
  -- MLS staff; none for a licence recorded from a site already Active when licences began.
  "form_document_id" integer REFERENCES "documents"("id"),
  "form_kind" text NOT NULL CHECK ("form_kind" IN ('portal', 'paper', 'none')),
  -- What granted it: an MLS decision, or the record made when licences began.
  "granted_by" text NOT NULL CHECK ("granted_by" IN ('activation', 'change approval', 'staff edit', 'recorded')),
  "granted_by_user" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "granted_by_name" text NOT NULL DEFAULT '',
  "granted_at" timestamptz NOT NULL DEFAULT now(),
  "ended_at" timestamptz,
  "ended_by_user" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "ended_by_name" text,
  "end_reason" text CHECK ("end_reason" IN ('terminated', 'term date', 'replaced', 'new licensing round')),
  CHECK (("ended_at" IS NULL) = ("end_reason" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "licences_current_idx" ON "licences" ("website_id") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "licences_website_idx" ON "licences" ("website_id", "granted_at");--> statement-breakpoint
-- A licence is never rewritten or deleted; it only ends, once.
CREATE FUNCTION "licences_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'licence % cannot be deleted', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'licence_kept';
  END IF;
  IF OLD.ended_at IS NOT NULL
    OR (to_jsonb(NEW) - ARRAY['ended_at', 'ended_by_user', 'ended_by_name', 'end_reason'])
       IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['ended_at', 'ended_by_user', 'ended_by_name', 'end_reason'])
  THEN
    RAISE EXCEPTION 'licence % can only be ended, once', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'licence_kept';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "licences_keep" BEFORE UPDATE OR DELETE ON "licences"
  FOR EACH ROW EXECUTE FUNCTION "licences_keep"();--> statement-breakpoint
-- Checked at commit, so a transaction may change a site and grant its licence in either order.
CREATE FUNCTION "site_licence_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  site integer;
  site_status text;
BEGIN
  IF TG_TABLE_NAME = 'websites' THEN
    site := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    site := OLD.website_id;
  ELSE
    site := NEW.website_id;
  END IF;
  SELECT w.status INTO site_status FROM websites w WHERE w.id = site;
  IF site_status IN ('Active', 'Pending Termination') AND NOT EXISTS (
    SELECT 1 FROM licences l
    WHERE l.website_id = site AND l.ended_at IS NULL AND l.terms_hash = website_terms_hash(site)
  ) THEN
    RAISE EXCEPTION 'website % is % without a current licence for its terms', site, site_status
      USING ERRCODE = '23514', CONSTRAINT = 'site_licence';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_licence" AFTER INSERT OR UPDATE ON "websites"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "site_licence_check"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_licence" AFTER INSERT OR UPDATE OR DELETE ON "website_team_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "site_licence_check"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_licence" AFTER INSERT OR UPDATE ON "website_teams"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "site_licence_check"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_licence" AFTER UPDATE ON "licences"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "site_licence_check"();--> statement-breakpoint
INSERT INTO "audit_kinds" ("kind") VALUES ('website.licence_granted'), ('website.licence_ended');--> statement-breakpoint
-- Every site Active or Pending Termination today is recorded as licensed for its terms now, with the
-- form that counts for its parties where it has one; one without is left for staff to review.
INSERT INTO "licences" ("website_id", "vendor_id", "terms", "terms_hash", "saf_parties", "form_document_id", "form_kind", "granted_by")
SELECT w.id, w.vendor_id, website_terms(w.id), website_terms_hash(w.id), COALESCE(website_saf_parties(w.id), ''),
  f.id, CASE WHEN f.id IS NULL THEN 'none' WHEN f.paper THEN 'paper' ELSE 'portal' END, 'recorded'
FROM websites w
LEFT JOIN LATERAL (
  SELECT d.id, d.paper FROM documents d
  JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
  WHERE d.website_id = w.id AND d.approved AND NOT d.voided
    AND d.saf_parties = website_saf_parties(w.id)
  ORDER BY d.created_at DESC, d.id DESC LIMIT 1
) f ON true
WHERE w.status IN ('Active', 'Pending Termination');
