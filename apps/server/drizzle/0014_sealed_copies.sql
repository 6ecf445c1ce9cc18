-- Each signer is mailed a link to the sealed form when the last one signs; only the SHA-256 of its
-- token is kept, with the time it stops working.
ALTER TABLE "signers" ADD COLUMN "copy_hash" text UNIQUE;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "copy_expires_at" timestamp with time zone;
