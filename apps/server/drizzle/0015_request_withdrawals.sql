-- A vendor may withdraw a pending domain or agent change request: each is a History kind of its own.
INSERT INTO "audit_kinds" ("kind") VALUES ('website.domain_change_withdrawn'), ('website.agent_change_withdrawn');
