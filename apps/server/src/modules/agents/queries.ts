import type { Agent, Broker } from '@vp/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeEscape, rowsOf, textArray } from '../../db/sql.ts';

/** A member with the office and the office's broker, as every agent-shaped answer needs it. */
export interface AgentRow {
  member_key: string;
  member_mls_id: string;
  member_first_name: string;
  member_last_name: string;
  member_state_license: string;
  member_status: string;
  member_aor: string;
  reciprocal: boolean;
  office_name: string | null;
  b_key: string | null;
  b_mls_id: string | null;
  b_first: string | null;
  b_last: string | null;
  b_license: string | null;
  b_status: string | null;
}

export const AGENT_COLUMNS = sql`m.member_key, m.member_mls_id, m.member_first_name, m.member_last_name,
  m.member_state_license, m.member_status, m.member_aor, m.reciprocal, o.office_name,
  b.member_key AS b_key, b.member_mls_id AS b_mls_id, b.member_first_name AS b_first,
  b.member_last_name AS b_last, b.member_state_license AS b_license, b.member_status AS b_status`;

/** Joins for AGENT_COLUMNS given members aliased `m`: a member's broker is their office's broker. */
export const AGENT_JOINS = sql`LEFT JOIN offices o ON o.office_key = m.office_key
  LEFT JOIN members b ON b.member_mls_id = o.office_broker_mls_id`;

export function toBroker(row: AgentRow): Broker | null {
  if (row.b_mls_id === null) return null;
  return {
    firstName: row.b_first ?? '',
    lastName: row.b_last ?? '',
    licenseNumber: row.b_license ?? '',
    office: row.office_name ?? '',
    memberNumber: row.b_mls_id,
    mlsId: row.b_key ?? '',
    status: row.b_status ?? '',
  };
}

export function toAgent(row: AgentRow): Agent {
  return {
    firstName: row.member_first_name,
    lastName: row.member_last_name,
    memberNumber: row.member_mls_id,
    mlsId: row.member_key,
    office: row.office_name ?? '',
    status: row.member_status,
    licenseNumber: row.member_state_license,
    broker: toBroker(row),
    memberAOR: row.reciprocal ? row.member_aor : null,
  };
}

async function agentsWhere(db: Db, where: SQL): Promise<AgentRow[]> {
  return rowsOf<AgentRow>(db, sql`SELECT ${AGENT_COLUMNS} FROM members m ${AGENT_JOINS} WHERE ${where}`);
}

export async function agentByMemberNumber(db: Db, memberNumber: string): Promise<AgentRow | null> {
  const [row] = await agentsWhere(db, sql`m.member_mls_id = ${memberNumber}`);
  return row ?? null;
}

export async function agentsByMemberNumbers(db: Db, memberNumbers: string[]): Promise<AgentRow[]> {
  if (memberNumbers.length === 0) return [];
  return agentsWhere(db, sql`m.member_mls_id = ANY(${textArray(memberNumbers)})`);
}

export const SEARCH_LIMIT = 20;
/** Below this length a trigram match says little and costs a lot. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * Best matches first: the exact member number, then the exact license number, then names starting
 * with the text (full name or last name) and member or license numbers starting with it, then names
 * merely similar (pg_trgm) when nothing else matched. Every branch is an index scan bounded by the
 * limit. Member and license numbers carry digits and names do not, so the text's shape picks the
 * branches worth running.
 */
export async function searchAgents(db: Db, query: string, reciprocal: boolean): Promise<Agent[]> {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return [];
  const upper = q.toUpperCase();
  const namePrefix = `${likeEscape(q.toLowerCase())}%`;
  const idPrefix = `${likeEscape(upper)}%`;
  const numeric = /\d/.test(q);
  const branches = numeric
    ? sql`(SELECT member_key AS k, 0 AS r, member_mls_id COLLATE "C" AS o FROM members
          WHERE reciprocal = ${reciprocal} AND member_mls_id IN (${q}, ${upper}))
        UNION ALL
        (SELECT member_key, 1, member_mls_id COLLATE "C" FROM members
          WHERE reciprocal = ${reciprocal} AND member_state_license IN (${q}, ${upper}))
        UNION ALL
        (SELECT member_key, 2, member_mls_id COLLATE "C" FROM members
          WHERE reciprocal = ${reciprocal} AND member_mls_id COLLATE "C" LIKE ${idPrefix}
          ORDER BY member_mls_id COLLATE "C" LIMIT ${SEARCH_LIMIT})
        UNION ALL
        (SELECT member_key, 2, member_state_license COLLATE "C" FROM members
          WHERE reciprocal = ${reciprocal} AND member_state_license COLLATE "C" LIKE ${idPrefix}
          ORDER BY member_state_license COLLATE "C" LIMIT ${SEARCH_LIMIT})`
    : sql`(SELECT member_key AS k, 2 AS r, lower(member_first_name || ' ' || member_last_name) COLLATE "C" AS o
          FROM members WHERE reciprocal = ${reciprocal}
            AND lower(member_first_name || ' ' || member_last_name) COLLATE "C" LIKE ${namePrefix}
          ORDER BY lower(member_first_name || ' ' || member_last_name) COLLATE "C" LIMIT ${SEARCH_LIMIT})
        UNION ALL
        (SELECT member_key, 2, lower(member_last_name || ' ' || member_first_name) COLLATE "C" FROM members
          WHERE reciprocal = ${reciprocal} AND lower(member_last_name) COLLATE "C" LIKE ${namePrefix}
          ORDER BY lower(member_last_name) COLLATE "C" LIMIT ${SEARCH_LIMIT})`;
  const agents = await rankedAgents(
    db,
    sql`SELECT k, row_number() OVER (ORDER BY min(r), min(o), k) AS n FROM (${branches}) found
      GROUP BY k ORDER BY n LIMIT ${SEARCH_LIMIT}`,
  );
  if (agents.length > 0 || numeric || q.length < TRIGRAM_MIN_LENGTH) return agents;
  return rankedAgents(db, similarNames(q, reciprocal));
}

/**
 * Names merely similar (pg_trgm's `%`, similarity at least 0.3). One word is most likely a misspelt
 * last name; more words, a full name whose last word is the last name. Either way the trigram match
 * runs over the roster's distinct last names (a few thousand, where members are hundreds of
 * thousands), and only the members of the names that match are read, from the index that holds them
 * in the answer's order. One word: at most SEARCH_LIMIT members per name, best names first, already
 * the final order. A full name ranks those members by the whole name's similarity.
 */
function similarNames(q: string, reciprocal: boolean): SQL {
  const words = q.split(' ');
  if (words.length === 1) {
    return sql`SELECT c.member_key AS k,
        row_number() OVER (ORDER BY s.sim DESC, s.name, c.member_first_name, c.member_key) AS n
      FROM (SELECT name, similarity(name, ${q}) AS sim FROM member_last_names WHERE name % ${q}) s
      CROSS JOIN LATERAL (
        SELECT member_key, member_first_name FROM members
        WHERE reciprocal = ${reciprocal} AND member_last_name = s.name
        ORDER BY member_first_name, member_key LIMIT ${SEARCH_LIMIT}
      ) c
      ORDER BY n LIMIT ${SEARCH_LIMIT}`;
  }
  const last = words[words.length - 1]!;
  const full = sql`(m.member_first_name || ' ' || m.member_last_name)`;
  return sql`SELECT m.member_key AS k,
      row_number() OVER (ORDER BY similarity(${full}, ${q}) DESC, m.member_last_name, m.member_first_name,
        m.member_key) AS n
    FROM member_last_names s
    JOIN members m ON m.reciprocal = ${reciprocal} AND m.member_last_name = s.name
    WHERE s.name % ${last} AND ${full} % ${q}
    ORDER BY n LIMIT ${SEARCH_LIMIT}`;
}

/**
 * The agents of ranked member keys (`k`, rank `n`), best first, in one round trip: the rows come back
 * as one JSON value, which the embedded driver reads faster than row by row.
 */
async function rankedAgents(db: Db, ranked: SQL): Promise<Agent[]> {
  const [row] = await rowsOf<{ items: string | null }>(
    db,
    sql`WITH ranked AS (${ranked})
      SELECT json_agg(a ORDER BY a.rank)::text AS items FROM (
        SELECT ${AGENT_COLUMNS}, ranked.n AS rank FROM ranked JOIN members m ON m.member_key = ranked.k ${AGENT_JOINS}
      ) a`,
  );
  const rows = row?.items ? (JSON.parse(row.items) as AgentRow[]) : [];
  return rows.map(toAgent);
}

export async function vendorAllowsReciprocal(db: Db, vendorId: number): Promise<boolean> {
  const [row] = await rowsOf<{ reciprocal_allowed: boolean }>(
    db,
    sql`SELECT reciprocal_allowed FROM vendors WHERE id = ${vendorId}`,
  );
  return row?.reciprocal_allowed ?? false;
}
