-- The websites list and agent search indexes, and the roster-derived sort and search keys of a
-- website with the triggers that keep them (and website_counts) current. See the note in schema.ts.
CREATE UNIQUE INDEX "websites_domain_lower_idx" ON "websites" (lower("domain_name"));--> statement-breakpoint
CREATE INDEX "websites_vendor_status_domain_idx" ON "websites" ("vendor_id", "status", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_domain_idx" ON "websites" ("vendor_id", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_status_member_idx" ON "websites" ("vendor_id", "status", "member_number", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_member_idx" ON "websites" ("vendor_id", "member_number", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_status_start_idx" ON "websites" ("vendor_id", "status", "start_date", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_start_idx" ON "websites" ("vendor_id", "start_date", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_status_term_idx" ON "websites" ("vendor_id", "status", "term_date", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_term_idx" ON "websites" ("vendor_id", "term_date", "id");--> statement-breakpoint
CREATE INDEX "members_full_name_prefix_idx" ON "members" ("reciprocal", (lower("member_first_name" || ' ' || "member_last_name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "members_last_name_prefix_idx" ON "members" ("reciprocal", (lower("member_last_name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "members_mls_id_prefix_idx" ON "members" ("reciprocal", ("member_mls_id" COLLATE "C"));--> statement-breakpoint
CREATE INDEX "members_license_prefix_idx" ON "members" ("reciprocal", ("member_state_license" COLLATE "C"));--> statement-breakpoint
CREATE INDEX "members_last_name_trgm_idx" ON "members" USING gin ("member_last_name" gin_trgm_ops);
--> statement-breakpoint
-- Sort and search keys of a website copied from the roster: the list sorts by licensee, MLS status
-- and office, and searches them, through the websites' own indexes. Displayed values still come from
-- the roster by join; triggers keep these keys in step with members and offices in the same transaction.
ALTER TABLE "websites" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "agent_status" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "office_name" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "websites_roster_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.member_first_name || ' ' || m.member_last_name, m.member_status, o.office_name
    INTO NEW.agent_name, NEW.agent_status, NEW.office_name
    FROM members m LEFT JOIN offices o ON o.office_key = m.office_key
    WHERE m.member_mls_id = NEW.member_number;
  NEW.search_text := lower(concat_ws(' ', NEW.domain_name, NEW.member_number, NEW.agent_name, NEW.office_name));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_roster_keys" BEFORE INSERT OR UPDATE OF "member_number", "domain_name" ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_roster_keys"();--> statement-breakpoint
CREATE FUNCTION "websites_refresh_roster_keys"(numbers text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE websites w SET agent_name = k.agent_name, agent_status = k.agent_status, office_name = k.office_name,
    search_text = lower(concat_ws(' ', w.domain_name, w.member_number, k.agent_name, k.office_name))
  FROM (
    SELECT n.member_number, m.member_first_name || ' ' || m.member_last_name AS agent_name,
      m.member_status AS agent_status, o.office_name
    FROM unnest(numbers) AS n(member_number)
    LEFT JOIN members m ON m.member_mls_id = n.member_number
    LEFT JOIN offices o ON o.office_key = m.office_key
  ) k
  WHERE w.member_number = k.member_number
    AND (w.agent_name, w.agent_status, w.office_name) IS DISTINCT FROM (k.agent_name, k.agent_status, k.office_name);
$$;--> statement-breakpoint
CREATE FUNCTION "members_roster_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM websites_refresh_roster_keys(ARRAY(SELECT DISTINCT member_mls_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM websites_refresh_roster_keys(ARRAY(
      SELECT member_mls_id FROM new_rows UNION SELECT member_mls_id FROM old_rows));
  ELSE
    PERFORM websites_refresh_roster_keys(ARRAY(SELECT DISTINCT member_mls_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_roster_keys_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_roster_keys"();--> statement-breakpoint
CREATE TRIGGER "members_roster_keys_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_roster_keys"();--> statement-breakpoint
CREATE TRIGGER "members_roster_keys_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_roster_keys"();--> statement-breakpoint
CREATE FUNCTION "offices_roster_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM websites_refresh_roster_keys(ARRAY(
    SELECT m.member_mls_id FROM members m WHERE m.office_key IN (SELECT office_key FROM new_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offices_roster_keys_update" AFTER UPDATE ON "offices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "offices_roster_keys"();--> statement-breakpoint
UPDATE "websites" SET "member_number" = "member_number";--> statement-breakpoint
CREATE INDEX "websites_vendor_status_agent_idx" ON "websites" ("vendor_id", "status", "agent_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_agent_idx" ON "websites" ("vendor_id", "agent_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_status_agent_status_idx" ON "websites" ("vendor_id", "status", "agent_status", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_agent_status_idx" ON "websites" ("vendor_id", "agent_status", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_status_office_idx" ON "websites" ("vendor_id", "status", "office_name", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_office_idx" ON "websites" ("vendor_id", "office_name", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_search_trgm_idx" ON "websites" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Site counts per vendor and status, kept by statement triggers, so the list's total without a search
-- is one row read instead of a count over the vendor's sites. Deltas apply in key order, so two
-- status changes at once cannot deadlock on these rows.
INSERT INTO "website_counts" ("vendor_id", "status", "n")
  SELECT "vendor_id", "status", count(*)::int FROM "websites" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "websites_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO website_counts AS c (vendor_id, status, n)
      SELECT vendor_id, status, count(*)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO website_counts AS c (vendor_id, status, n)
      SELECT vendor_id, status, sum(d)::int FROM (
        SELECT vendor_id, status, 1 AS d FROM new_rows UNION ALL SELECT vendor_id, status, -1 FROM old_rows
      ) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO website_counts AS c (vendor_id, status, n)
      SELECT vendor_id, status, -count(*)::int FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (vendor_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "websites_count_insert" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "websites_count"();--> statement-breakpoint
CREATE TRIGGER "websites_count_update" AFTER UPDATE ON "websites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "websites_count"();--> statement-breakpoint
CREATE TRIGGER "websites_count_delete" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "websites_count"();
