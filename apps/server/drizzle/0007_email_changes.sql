-- An email address is a way into the account (forgot password mails it), so it changes only through a
-- link mailed to the new address, after the current password; the old address is told. Addresses are
-- unique, whatever their case.
CREATE TABLE "email_changes" (
  "token_hash" text PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "new_email" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz
);--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" ("user_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" (lower("email")) WHERE "email" <> '';
