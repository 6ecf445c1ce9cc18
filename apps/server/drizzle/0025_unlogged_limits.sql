-- The per-minute counts and the places of expensive requests under way only matter while the
-- instances that wrote them run: they are written without WAL, so taking and giving back a place
-- does not wait for a disk flush. After a crash PostgreSQL empties them, which frees every place
-- and starts every minute afresh; a standby does not carry them.
ALTER TABLE "rate_windows" SET UNLOGGED;
--> statement-breakpoint
ALTER TABLE "work_places" SET UNLOGGED;
