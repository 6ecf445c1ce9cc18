-- Versions: every change of a website or a team raises its version, and a save names the version it
-- was made from, so a save made from a stale copy is refused instead of overwriting someone else's.
-- Raised by trigger, so no write path can forget it; on websites only when a column the site shows
-- and saves changes (the roster's sort and search keys, refreshed by other triggers, do not count).
ALTER TABLE "websites" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "website_teams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "websites_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.domain_name, NEW.status, NEW.member_number, NEW.reciprocal, NEW.start_date, NEW.term_date, NEW.dba, NEW.products)
     IS DISTINCT FROM
     (OLD.domain_name, OLD.status, OLD.member_number, OLD.reciprocal, OLD.start_date, OLD.term_date, OLD.dba, OLD.products)
  THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "websites_version" BEFORE UPDATE ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "websites_version"();--> statement-breakpoint
CREATE FUNCTION "website_teams_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_teams_version" BEFORE UPDATE ON "website_teams"
  FOR EACH ROW EXECUTE FUNCTION "website_teams_version"();
