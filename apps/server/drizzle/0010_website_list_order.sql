-- The websites list, as a vendor reads it. Sorting by status follows the product's order (Active,
-- Active (Pending), Inactive (Pending), Inactive: SITE_STATUS_SORT_ORDER in the contract), through a
-- rank kept on the row. Sorting by term date puts sites without one last in both orders. The search
-- covers every column the list shows: domain, status (its display name), licensee, MLS status,
-- office, MLS ID, member number, start and term dates (MM/DD/YYYY).
ALTER TABLE "websites" ADD COLUMN "status_rank" smallint GENERATED ALWAYS AS (
  CASE "status" WHEN 'Active' THEN 0 WHEN 'Pending Activation' THEN 1 WHEN 'Pending Termination' THEN 2 ELSE 3 END
) STORED;--> statement-breakpoint
CREATE INDEX "websites_vendor_status_rank_idx" ON "websites" ("vendor_id", "status_rank", "domain_name", "id");--> statement-breakpoint
CREATE INDEX "websites_vendor_term_last_idx" ON "websites" ("vendor_id", "term_date" DESC NULLS LAST, "id" DESC);--> statement-breakpoint
CREATE INDEX "websites_vendor_status_term_last_idx" ON "websites" ("vendor_id", "status", "term_date" DESC NULLS LAST, "id" DESC);--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "agent_key" text;--> statement-breakpoint
CREATE FUNCTION "websites_search_text"(domain_name text, member_number text, agent_name text, agent_status text,
    office_name text, agent_key text, status text, start_date date, term_date date)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', domain_name, member_number, agent_name, agent_status, office_name, agent_key,
    CASE status WHEN 'Pending Activation' THEN 'Active (Pending)' WHEN 'Pending Termination' THEN 'Inactive (Pending)'
      ELSE status END,
    to_char(start_date, 'MM/DD/YYYY'), to_char(term_date, 'MM/DD/YYYY')))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "websites_roster_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.member_first_name || ' ' || m.member_last_name, m.member_status, o.office_name, m.member_key
    INTO NEW.agent_name, NEW.agent_status, NEW.office_name, NEW.agent_key
    FROM members m LEFT JOIN offices o ON o.office_key = m.office_key
    WHERE m.member_mls_id = NEW.member_number;
  NEW.search_text := websites_search_text(NEW.domain_name, NEW.member_number, NEW.agent_name, NEW.agent_status,
    NEW.office_name, NEW.agent_key, NEW.status, NEW.start_date, NEW.term_date);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "websites_roster_keys" ON "websites";--> statement-breakpoint
CREATE TRIGGER "websites_roster_keys"
  BEFORE INSERT OR UPDATE OF "member_number", "domain_name", "status", "start_date", "term_date" ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_roster_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "websites_refresh_roster_keys"(numbers text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE websites w SET agent_name = k.agent_name, agent_status = k.agent_status, office_name = k.office_name,
    agent_key = k.agent_key,
    search_text = websites_search_text(w.domain_name, w.member_number, k.agent_name, k.agent_status,
      k.office_name, k.agent_key, w.status, w.start_date, w.term_date)
  FROM (
    SELECT n.member_number, m.member_first_name || ' ' || m.member_last_name AS agent_name,
      m.member_status AS agent_status, o.office_name, m.member_key AS agent_key
    FROM unnest(numbers) AS n(member_number)
    LEFT JOIN members m ON m.member_mls_id = n.member_number
    LEFT JOIN offices o ON o.office_key = m.office_key
  ) k
  WHERE w.member_number = k.member_number
    AND (w.agent_name, w.agent_status, w.office_name, w.agent_key)
      IS DISTINCT FROM (k.agent_name, k.agent_status, k.office_name, k.agent_key);
$$;--> statement-breakpoint
UPDATE "websites" SET "member_number" = "member_number";
