-- A Site Access Form states the site's products as well as its parties, and a broker who consented to
-- an IDX website has not consented to a VOW one: the key a form is stored with and compared by gains
-- one 'product:<id>' per product, besides 'agent:<MLS ID>' and 'office:<key>=<broker MLS ID>'. (A
-- domain change is decided by MLS staff on its own request and needs no new signature.)
CREATE OR REPLACE FUNCTION "website_saf_parties"(site integer) RETURNS text LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT w.id, w.member_number, w.products, 2 = ANY(w.products) AS team
    FROM websites w WHERE w.id = site
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
    SELECT 'product:' || p FROM s, unnest(s.products) AS p
    UNION
    SELECT 'office:' || o.office_key || '=' || COALESCE(o.office_broker_mls_id, '')
      FROM agents a
      JOIN members mb ON mb.member_mls_id = a.mls_id
      JOIN offices o ON o.office_key = mb.office_key
  )
  SELECT string_agg(part, ';' ORDER BY part COLLATE "C") FROM parts
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
