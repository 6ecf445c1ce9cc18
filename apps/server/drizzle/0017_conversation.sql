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
--> statement-breakpoint
-- Comments: the conversation of a vendor with MLS staff, on a website or on the account (website
-- null). Not public: an internal note of MLS staff, never read by a vendor. A removed author leaves
-- the comment with no user ('Deleted User').
CREATE TABLE "comments" (
  "id" serial PRIMARY KEY,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "website_id" integer REFERENCES "websites"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "body" text NOT NULL,
  "public" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "comments_website_idx" ON "comments" ("website_id", "id") WHERE "website_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_vendor_idx" ON "comments" ("vendor_id", "id") WHERE "website_id" IS NULL;
--> statement-breakpoint
-- Notifications: one row per recipient of a change. A row its user wants by email only is written
-- already dismissed (it never shows in the drawer) and waits for the digest; wants_email says the
-- topic's email was on when it was made (the digest asks the settings again before mailing).
-- website_id has no foreign key: "a website was deleted" outlives the site.
CREATE TABLE "notifications" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "vendor_id" integer NOT NULL REFERENCES "vendors"("id") ON DELETE CASCADE,
  "website_id" integer,
  "topic" text NOT NULL,
  "content" text NOT NULL,
  "link" text NOT NULL,
  "wants_email" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "dismissed_at" timestamp with time zone,
  "emailed_at" timestamp with time zone
);--> statement-breakpoint
-- The drawer: a user's undismissed notifications for the vendor acted for, newest first, and their count.
CREATE INDEX "notifications_list_idx" ON "notifications" ("user_id", "vendor_id", "id" DESC)
  WHERE "dismissed_at" IS NULL;--> statement-breakpoint
-- The digest: what waits to be mailed, per user, oldest first.
CREATE INDEX "notifications_mail_idx" ON "notifications" ("user_id", "created_at")
  WHERE "wants_email" AND "emailed_at" IS NULL;--> statement-breakpoint
-- The purge of dismissed notifications after 90 days.
CREATE INDEX "notifications_dismissed_idx" ON "notifications" ("dismissed_at")
  WHERE "dismissed_at" IS NOT NULL;--> statement-breakpoint
-- A user's choices of delivery per topic; none stored means the defaults of the contract.
CREATE TABLE "notification_settings" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "settings" jsonb NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
