-- A user's profile picture, already resized by the server (256 px, WebP); small enough to live
-- beside the account rather than in the file store. It is served at /api/avatars/<token>: a random
-- token, new with each picture, so the address can be cached for good and shown in an <img>.
CREATE TABLE "user_avatars" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "image" bytea NOT NULL,
  "content_type" text NOT NULL,
  "token" text NOT NULL UNIQUE,
  "sha256" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
-- The vendor types a document type's requirement applies to (empty: every vendor type). An MLS
-- setting edited in the console's Document Types screen.
ALTER TABLE "document_types" ADD COLUMN "required_vendor_types" text[] NOT NULL DEFAULT '{}'::text[];
