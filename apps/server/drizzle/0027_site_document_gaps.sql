-- Whether a site is missing a document it needs, kept on the site and counted per vendor and status
-- beside website_counts, so the dashboard's "Sites missing documents", the staff console's figure
-- and the websites list filtered by missing=documents read a flag and a counter instead of
-- evaluating the rule for each of a vendor's sites. website_missing_documents is the one definition
-- of the rule; triggers on everything it reads (the site, its documents and signature requests,
-- the document types, the vendor's type, the site's team and the roster behind its Site Access
-- Form's parties) refresh the flag in the writing transaction, whoever writes.
--
-- The rule:
-- - Active and Pending Termination: an approved, non-voided, non-rejected document of every
--   site-required type its products need (a type naming no products applies to all) and its
--   vendor's type needs (a type naming no vendor types applies to all).
-- - Pending Activation: a Site Access Form that counts for activation: approved (signed by
--   everyone, or on paper), not voided, signed in this licensing round, for the site's current
--   parties.
-- - Inactive: nothing.
ALTER TABLE "websites" ADD COLUMN "missing_documents" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "website_counts" ADD COLUMN "missing" integer NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE INDEX "website_teams_primary_idx" ON "website_teams" ("primary_member_number");--> statement-breakpoint
-- A required type of this vendor and these products that the site has no approved document of.
CREATE FUNCTION "website_type_gap"(site integer, vendor integer, products integer[])
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM document_types t
    WHERE t.required_for_sites AND NOT t.messaging
      AND (cardinality(t.required_for_products) = 0 OR t.required_for_products && products)
      AND (cardinality(t.required_vendor_types) = 0
        OR (SELECT v.type FROM vendors v WHERE v.id = vendor) = ANY(t.required_vendor_types))
      AND NOT EXISTS (SELECT 1 FROM documents d
        WHERE d.website_id = site AND d.type_id = t.id AND d.approved AND NOT d.voided
          AND d.rejected_at IS NULL))
$$;--> statement-breakpoint
-- A Site Access Form of the site that counts for activation in the round begun at `pending_since`.
CREATE FUNCTION "website_has_counting_saf"(site integer, pending_since timestamptz)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM documents d
    JOIN document_types t ON t.id = d.type_id AND t.name = 'saf'
    LEFT JOIN signature_requests r ON r.document_id = d.id
    WHERE d.website_id = site AND d.approved AND NOT d.voided
      AND (d.paper OR r.status = 'completed')
      AND COALESCE(d.sealed_at, r.finished_at, d.created_at) >= pending_since
      AND d.saf_parties = website_saf_parties(site))
$$;--> statement-breakpoint
CREATE FUNCTION "website_missing_documents"(site integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN w.status IN ('Active', 'Pending Termination') THEN website_type_gap(w.id, w.vendor_id, w.products)
    WHEN w.status = 'Pending Activation' THEN NOT website_has_counting_saf(w.id, w.pending_since)
    ELSE false END
  FROM websites w WHERE w.id = site
$$;--> statement-breakpoint
-- Sets the flag of these sites where it is out of date; the counters follow by websites_count.
CREATE FUNCTION "websites_refresh_missing"(sites integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE websites w SET missing_documents = x.missing
  FROM (SELECT s.id, website_missing_documents(s.id) AS missing
        FROM (SELECT DISTINCT id FROM unnest(sites) AS u(id) WHERE id IS NOT NULL) s) x
  WHERE w.id = x.id AND w.missing_documents IS DISTINCT FROM x.missing;
$$;--> statement-breakpoint
-- The Pending Activation sites whose Site Access Form parties include any of these agents (as the
-- site's agent, its team's primary or a member of its team).
CREATE FUNCTION "websites_pending_of_agents"(numbers text[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT w.id FROM websites w
      WHERE w.member_number = ANY(numbers) AND w.status = 'Pending Activation'
    UNION
    SELECT w.id FROM website_teams t JOIN websites w ON w.id = t.website_id
      WHERE t.primary_member_number = ANY(numbers) AND w.status = 'Pending Activation'
    UNION
    SELECT w.id FROM website_team_members m JOIN websites w ON w.id = m.website_id
      WHERE m.member_number = ANY(numbers) AND w.status = 'Pending Activation')
$$;--> statement-breakpoint
-- Counters: the sites of each vendor and status (n) and those of them missing documents (missing).
CREATE OR REPLACE FUNCTION "websites_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO website_counts AS c (vendor_id, status, n, missing)
      SELECT vendor_id, status, count(*)::int, count(*) FILTER (WHERE missing_documents)::int
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n, missing = c.missing + excluded.missing;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO website_counts AS c (vendor_id, status, n, missing)
      SELECT vendor_id, status, sum(d)::int, sum(d * m)::int FROM (
        SELECT vendor_id, status, 1 AS d, missing_documents::int AS m FROM new_rows
        UNION ALL SELECT vendor_id, status, -1, missing_documents::int FROM old_rows
      ) x GROUP BY 1, 2 HAVING sum(d) <> 0 OR sum(d * m) <> 0 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n, missing = c.missing + excluded.missing;
  ELSE
    INSERT INTO website_counts AS c (vendor_id, status, n, missing)
      SELECT vendor_id, status, -count(*)::int, -(count(*) FILTER (WHERE missing_documents))::int
      FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n, missing = c.missing + excluded.missing;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new site has no documents yet, so its flag is known before it is written: no extra update.
CREATE FUNCTION "websites_missing_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.missing_documents := CASE
    WHEN NEW.status IN ('Active', 'Pending Termination') THEN website_type_gap(NULL, NEW.vendor_id, NEW.products)
    ELSE NEW.status = 'Pending Activation' END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_missing_on_insert" BEFORE INSERT ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_missing_on_insert"();--> statement-breakpoint
CREATE FUNCTION "websites_missing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM websites_refresh_missing(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_missing_changed"
  AFTER UPDATE OF "status", "products", "member_number", "pending_since", "vendor_id" ON "websites"
  FOR EACH ROW WHEN ((OLD.status, OLD.products, OLD.member_number, OLD.pending_since, OLD.vendor_id)
    IS DISTINCT FROM (NEW.status, NEW.products, NEW.member_number, NEW.pending_since, NEW.vendor_id))
  EXECUTE FUNCTION "websites_missing_changed"();--> statement-breakpoint
CREATE FUNCTION "site_rows_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM websites_refresh_missing(ARRAY(SELECT website_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM websites_refresh_missing(ARRAY(SELECT website_id FROM new_rows UNION SELECT website_id FROM old_rows));
  ELSE
    PERFORM websites_refresh_missing(ARRAY(SELECT website_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The same three triggers on each table whose rows name a site (website_id): a team's primary and
-- members are parties of its site's form.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['documents', 'signature_requests', 'website_teams', 'website_team_members'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION site_rows_missing()', t || '_missing_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION site_rows_missing()', t || '_missing_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION site_rows_missing()', t || '_missing_delete', t);
  END LOOP;
END $$;--> statement-breakpoint
-- A document type's requirements: every site of a status they apply to, when they change.
CREATE FUNCTION "document_types_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    (SELECT name, required_for_sites, messaging, required_for_products, required_vendor_types FROM new_rows
      EXCEPT SELECT name, required_for_sites, messaging, required_for_products, required_vendor_types FROM old_rows)
    UNION ALL
    (SELECT name, required_for_sites, messaging, required_for_products, required_vendor_types FROM old_rows
      EXCEPT SELECT name, required_for_sites, messaging, required_for_products, required_vendor_types FROM new_rows))
  THEN
    PERFORM websites_refresh_missing(ARRAY(SELECT id FROM websites
      WHERE status IN ('Active', 'Pending Termination', 'Pending Activation')));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "document_types_missing_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE required_for_sites OR name = 'saf') THEN
    PERFORM websites_refresh_missing(ARRAY(SELECT id FROM websites
      WHERE status IN ('Active', 'Pending Termination', 'Pending Activation')));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_types_missing_insert" AFTER INSERT ON "document_types" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "document_types_missing_added"();--> statement-breakpoint
CREATE TRIGGER "document_types_missing_update" AFTER UPDATE ON "document_types"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "document_types_missing"();--> statement-breakpoint
-- A vendor's type decides which types apply to its sites.
CREATE FUNCTION "vendors_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM websites_refresh_missing(ARRAY(SELECT w.id FROM websites w
    WHERE w.vendor_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.type <> n.type)
      AND w.status IN ('Active', 'Pending Termination')));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendors_missing_update" AFTER UPDATE ON "vendors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "vendors_missing"();--> statement-breakpoint
-- The roster: an agent's office, and an office's broker, are parties of a form.
CREATE FUNCTION "members_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(SELECT member_mls_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(
      SELECT member_mls_id FROM (
        (SELECT member_mls_id, office_key FROM new_rows EXCEPT SELECT member_mls_id, office_key FROM old_rows)
        UNION
        (SELECT member_mls_id, office_key FROM old_rows EXCEPT SELECT member_mls_id, office_key FROM new_rows)) x)));
  ELSE
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(SELECT member_mls_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_missing_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_missing"();--> statement-breakpoint
CREATE TRIGGER "members_missing_update" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_missing"();--> statement-breakpoint
CREATE TRIGGER "members_missing_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_missing"();--> statement-breakpoint
CREATE FUNCTION "offices_missing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(
      SELECT m.member_mls_id FROM members m WHERE m.office_key IN (
        SELECT office_key FROM (
          (SELECT office_key, office_broker_mls_id FROM new_rows
            EXCEPT SELECT office_key, office_broker_mls_id FROM old_rows)
          UNION
          (SELECT office_key, office_broker_mls_id FROM old_rows
            EXCEPT SELECT office_key, office_broker_mls_id FROM new_rows)) x))));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(
      SELECT m.member_mls_id FROM members m WHERE m.office_key IN (SELECT office_key FROM new_rows))));
  ELSE
    PERFORM websites_refresh_missing(websites_pending_of_agents(ARRAY(
      SELECT m.member_mls_id FROM members m WHERE m.office_key IN (SELECT office_key FROM old_rows))));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offices_missing_insert" AFTER INSERT ON "offices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "offices_missing"();--> statement-breakpoint
CREATE TRIGGER "offices_missing_update" AFTER UPDATE ON "offices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "offices_missing"();--> statement-breakpoint
CREATE TRIGGER "offices_missing_delete" AFTER DELETE ON "offices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "offices_missing"();--> statement-breakpoint
-- The list's indexes (one per sort, with and without the status filter) carry the flag, so a page
-- filtered by it is read from the index alone, as an unfiltered page is, at any depth.
DO $$
DECLARE
  names text[];
  defs text[];
BEGIN
  SELECT array_agg(indexname::text), array_agg(indexdef) INTO names, defs FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'websites' AND indexname IN (
    'websites_vendor_status_domain_idx', 'websites_vendor_domain_idx',
    'websites_vendor_status_member_idx', 'websites_vendor_member_idx',
    'websites_vendor_status_start_idx', 'websites_vendor_start_idx', 'websites_vendor_status_term_idx',
    'websites_vendor_term_idx', 'websites_vendor_status_agent_idx', 'websites_vendor_agent_idx',
    'websites_vendor_status_agent_status_idx', 'websites_vendor_agent_status_idx',
    'websites_vendor_status_office_idx', 'websites_vendor_office_idx',
    'websites_vendor_status_rank_idx', 'websites_vendor_term_last_idx',
    'websites_vendor_status_term_last_idx');
  FOR i IN 1 .. cardinality(names) LOOP
    EXECUTE format('DROP INDEX %I', names[i]);
    EXECUTE defs[i] || ' INCLUDE (missing_documents)';
  END LOOP;
END $$;--> statement-breakpoint
-- The sites there are now; websites_count moves the counters with them.
UPDATE "websites" SET "missing_documents" = website_missing_documents("id");
