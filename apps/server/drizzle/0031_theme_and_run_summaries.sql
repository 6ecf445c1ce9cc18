-- The light or dark theme a user chose, kept with their account so it follows them to every
-- browser; null while they follow their device's preference.
ALTER TABLE "users" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_theme_check" CHECK ("theme" IN ('light', 'dark'));
--> statement-breakpoint
-- What a job's run changed, in a sentence for the console's Jobs screen ("Terminated 15 websites
-- whose term date had passed."); null when the run changed nothing worth saying or failed.
ALTER TABLE "job_runs" ADD COLUMN "summary" text;
