-- A Site Access Form states the site's products as well as its parties, and a broker who consented to
-- an IDX website has not consented to a VOW one: the key a form is stored with and compared by gains
-- one 'product:<id>' per product, besides 'agent:<MLS ID>' and 'office:<key>=<broker MLS ID>'. (A
-- domain change is decided by MLS staff on its own request and needs no new signature.)
-- The key of explicit terms: an agent, the other agents of its team, and products. A change request
-- is keyed by the terms it asks for, the site by the terms it has (website_saf_parties).
CREATE FUNCTION "saf_terms_key"(agent text, team text[], products integer[]) RETURNS text
LANGUAGE sql STABLE AS $$
  WITH agents AS (
    SELECT agent AS mls_id
    UNION
    SELECT unnest(team)
  ), parts AS (
    SELECT 'agent:' || agent AS part
    UNION
    SELECT 'product:' || p FROM unnest(products) AS p
    UNION
    SELECT 'office:' || o.office_key || '=' || COALESCE(o.office_broker_mls_id, '')
      FROM agents a
      JOIN members mb ON mb.member_mls_id = a.mls_id
      JOIN offices o ON o.office_key = mb.office_key
  )
  SELECT string_agg(part, ';' ORDER BY part COLLATE "C") FROM parts
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "website_saf_parties"(site integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT saf_terms_key(
    COALESCE((SELECT t.primary_member_number FROM website_teams t WHERE t.website_id = w.id AND 2 = ANY(w.products)),
      w.member_number),
    CASE WHEN 2 = ANY(w.products)
      THEN ARRAY(SELECT m.member_number FROM website_team_members m WHERE m.website_id = w.id)
      ELSE '{}'::text[] END,
    w.products)
  FROM websites w WHERE w.id = site
$$;--> statement-breakpoint
-- A form stored before the key named products is taken as made for the site's products now.
UPDATE "documents" d SET "saf_parties" = (
  SELECT string_agg(part, ';' ORDER BY part COLLATE "C") FROM (
    SELECT part FROM regexp_split_to_table(d."saf_parties", ';') AS part WHERE part <> ''
    UNION
    SELECT 'product:' || p FROM unnest(w."products") AS p
  ) parts)
FROM "websites" w
WHERE w."id" = d."website_id" AND d."saf_parties" IS NOT NULL AND d."saf_parties" NOT LIKE '%product:%';--> statement-breakpoint
-- Whether a form made for the terms key `form_key` covers the terms key `terms_key`: every part of
-- the terms (the agent, each office with its broker, each product) is named on the form. A team that
-- lost a member, or a site that dropped a product, is still covered; a new agent, an office whose
-- broker has not signed, or a product the form does not name needs a new form. The contract's
-- signatureChanges (saf-terms.ts) is the same rule; a test holds both to one table.
CREATE FUNCTION "saf_covers"(form_key text, terms_key text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT form_key IS NOT NULL AND terms_key IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM unnest(string_to_array(terms_key, ';')) AS part
    WHERE NOT part = ANY(string_to_array(form_key, ';')))
$$;--> statement-breakpoint
-- The Site Access Form that covers a site's terms as they are now: the newest approved form (signed
-- in the portal, or on paper and uploaded by staff) that covers them, or none.
CREATE FUNCTION "website_covering_form"(site integer) RETURNS TABLE ("id" integer, "paper" boolean)
LANGUAGE sql STABLE AS $$
  SELECT d.id, d.paper FROM documents d
  JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
  WHERE d.website_id = site AND d.approved AND NOT d.voided
    AND saf_covers(d.saf_parties, website_saf_parties(site))
  ORDER BY d.created_at DESC, d.id DESC LIMIT 1
$$;--> statement-breakpoint
-- A form counts for activation when it covers the site's terms (no longer only when made for exactly them).
CREATE OR REPLACE FUNCTION "website_has_counting_saf"(site integer, pending_since timestamptz)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM documents d
    JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
    LEFT JOIN signature_requests r ON r.document_id = d.id
    WHERE d.website_id = site AND d.approved AND NOT d.voided
      AND (d.paper OR r.status = 'completed')
      AND COALESCE(d.sealed_at, r.finished_at, d.created_at) >= pending_since
      AND saf_covers(d.saf_parties, website_saf_parties(site)))
$$;
--> statement-breakpoint
-- A licensed site's products and team change through requests to the MLS, as its domain and agent do.
INSERT INTO "audit_kinds" ("kind") VALUES
  ('website.product_change_requested'), ('website.product_change_approved'),
  ('website.product_change_declined'), ('website.product_change_withdrawn'),
  ('website.team_change_requested'), ('website.team_change_approved'),
  ('website.team_change_declined'), ('website.team_change_withdrawn'),
  ('website.licence_reviewed');--> statement-breakpoint
ALTER TABLE "staff_decisions" DROP CONSTRAINT "staff_decisions_kind_check";--> statement-breakpoint
ALTER TABLE "staff_decisions" ADD CONSTRAINT "staff_decisions_kind_check"
  CHECK ("kind" IN ('activation', 'termination', 'domain', 'agent', 'product', 'team', 'licence', 'document'));--> statement-breakpoint
-- A Site Access Form sent for the terms a change request asks for, rather than the site's own.
ALTER TABLE "documents" ADD COLUMN "request_id" integer REFERENCES "website_requests"("id") ON DELETE SET NULL;--> statement-breakpoint
-- MLS staff granting a licence on a paper form they hold, rather than one on file, say so here.
ALTER TABLE "licences" ADD COLUMN "form_note" text NOT NULL DEFAULT '';--> statement-breakpoint
-- Staff's review of a licence held without a signed form on file (the approval queue lists each
-- until it is reviewed): what covers it.
CREATE TABLE "licence_reviews" (
  "licence_id" integer PRIMARY KEY REFERENCES "licences"("id"),
  "note" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "username" text NOT NULL,
  "reviewed_at" timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "licences_unformed_idx" ON "licences" ("granted_at") WHERE "ended_at" IS NULL AND "form_kind" = 'none';
