-- When a user opened a notification: read ones stay in the drawer until dismissed, but no longer
-- count on the bell.
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;
