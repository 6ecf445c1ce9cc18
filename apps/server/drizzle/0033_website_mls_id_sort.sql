-- The websites list sorts by MLS ID (the agent's roster key, agent_key, kept by the triggers of
-- 0010_website_list_order) through an index, with and without the status filter, like every sort;
-- each carries missing_documents, as the others do since 0027, so a filtered page reads the index alone.
CREATE INDEX "websites_vendor_status_agent_key_idx" ON "websites" ("vendor_id", "status", "agent_key", "id") INCLUDE ("missing_documents");--> statement-breakpoint
CREATE INDEX "websites_vendor_agent_key_idx" ON "websites" ("vendor_id", "agent_key", "id") INCLUDE ("missing_documents");
