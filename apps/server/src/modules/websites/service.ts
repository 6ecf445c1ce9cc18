import {
  WebsiteMessages,
  WebsiteServerMessages,
  agentChangeRequestSchema,
  canDelete,
  canRequestDomainChange,
  canRequestTermination,
  domainChangeRequestSchema,
  isAgentEditable,
  isStartDateEditable,
  isStatusChangeAllowed,
  isTermDateEditable,
  terminationRequestSchema,
  websiteInputSchema,
  websiteListQuerySchema,
  type Role,
  type SiteStatus,
  type Website,
  type WebsiteRequest,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, parse } from '../../platform/errors.ts';
import { agentByMemberNumber, vendorAllowsReciprocal, type AgentRow } from '../agents/queries.ts';
import { diffFields, recordChange, type Actor } from '../changelog/service.ts';
import { intArray, rowsOf } from '../../db/sql.ts';
import {
  domainTaken,
  listWebsites,
  requireWebsite,
  unknownProducts,
  websiteById,
  type SiteRecord,
} from './queries.ts';

/** Who acts: the change-log snapshot and the role, which decides the MLS-only status moves. */
export interface Caller extends Actor {
  role: Role;
}

const saveSchema = websiteInputSchema.extend({ rowKey: websiteInputSchema.shape.rowKey.unwrap() });

const TRACKED = [
  'domainName',
  'status',
  'memberNumber',
  'reciprocal',
  'startDate',
  'termDate',
  'dba',
  'products',
] as const;
type Tracked = Pick<SiteRecord, (typeof TRACKED)[number]>;

const conflict = (message: string) => new AppError(409, message);

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Today in the server's calendar as yyyy-mm-dd: a new site starts today unless told otherwise. */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A real calendar date written yyyy-mm-dd (the schema checks only the shape). */
function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The roster agent a site may be tied to: must exist, and reciprocal only when the vendor may. */
async function licensableAgent(
  db: Db,
  vendorId: number,
  memberNumber: string,
  failPrefix = '',
): Promise<AgentRow> {
  const agent = await agentByMemberNumber(db, memberNumber);
  if (!agent) throw new BadRequestError(`${failPrefix}${WebsiteMessages.agentNotFound}`);
  if (agent.reciprocal && !(await vendorAllowsReciprocal(db, vendorId))) {
    throw new ForbiddenError(`${failPrefix}${WebsiteMessages.reciprocalNotAllowed}`);
  }
  return agent;
}

async function checkProducts(db: Db, products: number[]): Promise<void> {
  if ((await unknownProducts(db, products)).length > 0)
    throw new BadRequestError(WebsiteServerMessages.productUnknown);
}

function describe(changes: FieldChange[], status: SiteStatus): string {
  return changes.some((c) => c.path[0] === 'status') ? `Status changed to ${status}` : 'Website updated';
}

interface RequestRow {
  id: number;
  website_id: number;
  kind: 'domain' | 'agent';
  status: 'pending' | 'approved' | 'rejected';
  payload: Record<string, unknown> | string;
  created_at: Date | string;
  username: string;
  first_name: string;
  last_name: string;
}

function toRequest(r: RequestRow): WebsiteRequest {
  return {
    id: r.id,
    siteId: r.website_id,
    kind: r.kind,
    status: r.status,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
    date: new Date(r.created_at).toISOString(),
    user: { username: r.username, firstName: r.first_name, lastName: r.last_name },
  };
}

const REQUEST_COLUMNS = sql`id, website_id, kind, status, payload, created_at, username, first_name, last_name`;

export function websitesService(db: Db) {
  async function insertRequest(
    tx: Db,
    site: SiteRecord,
    caller: Caller,
    kind: 'domain' | 'agent',
    payload: Record<string, unknown>,
  ): Promise<WebsiteRequest> {
    const [row] = await rowsOf<RequestRow>(
      tx,
      sql`INSERT INTO website_requests (website_id, vendor_id, kind, payload, user_id, username, first_name, last_name)
        VALUES (${site.id}, ${site.vendorId}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${caller.userId},
          ${caller.username}, ${caller.firstName}, ${caller.lastName})
        RETURNING ${REQUEST_COLUMNS}`,
    );
    return toRequest(row!);
  }

  async function pendingRequest(tx: Db, siteId: number, kind: 'domain' | 'agent'): Promise<boolean> {
    const rows = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT id FROM website_requests WHERE website_id = ${siteId} AND kind = ${kind} AND status = 'pending' LIMIT 1`,
    );
    return rows.length > 0;
  }

  return {
    list: (vendorId: number, rawQuery: unknown) =>
      listWebsites(db, vendorId, parse(websiteListQuerySchema, rawQuery)),

    async get(vendorId: number, id: number): Promise<Website> {
      const site = await websiteById(db, vendorId, id);
      if (!site) throw new NotFoundError(WebsiteServerMessages.siteNotFound);
      return site;
    },

    async create(vendorId: number, caller: Caller, raw: unknown): Promise<{ id: number }> {
      const input = parse(websiteInputSchema, raw);
      if (input.status !== 'Pending Activation')
        throw new BadRequestError(WebsiteServerMessages.newSiteStatus);
      if (input.termDate) throw new BadRequestError(WebsiteMessages.termDateLocked);
      await checkProducts(db, input.products);
      const agent = await licensableAgent(db, vendorId, input.memberNumber);
      const next: Tracked = {
        domainName: input.domainName,
        status: 'Pending Activation',
        memberNumber: agent.member_mls_id,
        reciprocal: agent.reciprocal,
        startDate: input.startDate ?? today(),
        termDate: null,
        dba: input.dba,
        products: input.products,
      };
      try {
        return await db.transaction(async (tx) => {
          if (await domainTaken(tx, next.domainName)) throw conflict(WebsiteMessages.duplicateDomain);
          const [row] = await rowsOf<{ id: number }>(
            tx,
            sql`INSERT INTO websites (vendor_id, domain_name, status, member_number, reciprocal, start_date, term_date, dba, products)
              VALUES (${vendorId}, ${next.domainName}, ${next.status}, ${next.memberNumber}, ${next.reciprocal},
                ${next.startDate}, NULL, ${next.dba}, ${intArray(next.products)})
              RETURNING id`,
          );
          const id = row!.id;
          await recordChange(tx, {
            websiteId: id,
            vendorId,
            description: 'Website created',
            actor: caller,
            // A new site's History lists the fields it was created with, not the empty ones.
            changes: diffFields(null, next, TRACKED).filter((c) => c.to !== '' && c.to !== false),
          });
          return { id };
        });
      } catch (err) {
        // Two creates of one domain at once: the unique index decides, the loser gets the same answer.
        if (isUniqueViolation(err)) throw conflict(WebsiteMessages.duplicateDomain);
        throw err;
      }
    },

    async save(vendorId: number, caller: Caller, raw: unknown): Promise<Website> {
      const input = parse(saveSchema, raw);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, input.rowKey, true);
        if (input.domainName !== site.domainName.toLowerCase())
          throw new BadRequestError(WebsiteMessages.domainLocked);
        if (input.status !== site.status && !isStatusChangeAllowed(site.status, input.status, caller.role)) {
          throw new BadRequestError(WebsiteMessages.statusNotAllowed);
        }
        const startDate = input.startDate === undefined ? site.startDate : input.startDate;
        if (startDate !== site.startDate && !isStartDateEditable(input.status)) {
          throw new BadRequestError(WebsiteMessages.startDateLocked);
        }
        const termDate = input.termDate === undefined ? site.termDate : input.termDate;
        if (termDate !== site.termDate && !isTermDateEditable(input.status)) {
          throw new BadRequestError(WebsiteMessages.termDateLocked);
        }
        let memberNumber = site.memberNumber;
        let reciprocal = site.reciprocal;
        if (input.memberNumber !== site.memberNumber) {
          if (!isAgentEditable(site.status, caller.role))
            throw new BadRequestError(WebsiteServerMessages.agentLocked);
          const agent = await licensableAgent(tx, vendorId, input.memberNumber);
          memberNumber = agent.member_mls_id;
          reciprocal = agent.reciprocal;
        }
        if (JSON.stringify(input.products) !== JSON.stringify(site.products))
          await checkProducts(tx, input.products);
        const next: Tracked = {
          domainName: site.domainName,
          status: input.status,
          memberNumber,
          reciprocal,
          startDate,
          termDate,
          dba: input.dba,
          products: input.products,
        };
        const changes = diffFields(site, next, TRACKED);
        if (changes.length > 0) {
          await tx.execute(
            sql`UPDATE websites SET status = ${next.status}, member_number = ${next.memberNumber},
                reciprocal = ${next.reciprocal}, start_date = ${next.startDate}, term_date = ${next.termDate},
                dba = ${next.dba}, products = ${intArray(next.products)}, updated_at = now()
              WHERE id = ${site.id} AND vendor_id = ${vendorId}`,
          );
          if (memberNumber !== site.memberNumber) {
            // A team follows its site's agent: the new agent becomes the primary and a member.
            await tx.execute(
              sql`UPDATE website_teams SET primary_member_number = ${memberNumber}, updated_at = now() WHERE website_id = ${site.id}`,
            );
            await tx.execute(
              sql`INSERT INTO website_team_members (website_id, member_number)
                SELECT website_id, ${memberNumber} FROM website_teams WHERE website_id = ${site.id}
                ON CONFLICT DO NOTHING`,
            );
          }
          await recordChange(tx, {
            websiteId: site.id,
            vendorId,
            description: describe(changes, next.status),
            actor: caller,
            changes,
          });
        }
        return (await websiteById(tx, vendorId, site.id))!;
      });
    },

    async remove(vendorId: number, id: number): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, id, true);
        if (!canDelete(site.status)) throw conflict(WebsiteMessages.deleteNotAllowed);
        // The site's change log and requests go with it (cascade).
        await tx.execute(sql`DELETE FROM websites WHERE id = ${site.id} AND vendor_id = ${vendorId}`);
        return { message: WebsiteMessages.deleted };
      });
    },

    async requestDomainChange(
      vendorId: number,
      caller: Caller,
      id: number,
      raw: unknown,
    ): Promise<WebsiteRequest> {
      const fail = `${WebsiteMessages.domainChangeFailed}: `;
      const input = parse(domainChangeRequestSchema, raw);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, id, true);
        if (!canRequestDomainChange(site.status))
          throw new BadRequestError(fail + WebsiteServerMessages.domainChangeNotActive);
        if (input.domainName === site.domainName.toLowerCase())
          throw new BadRequestError(fail + WebsiteServerMessages.domainChangeSame);
        if (await domainTaken(tx, input.domainName, site.id))
          throw conflict(fail + WebsiteMessages.duplicateDomain);
        if (await pendingRequest(tx, site.id, 'domain'))
          throw conflict(fail + WebsiteServerMessages.requestPending);
        const request = await insertRequest(tx, site, caller, 'domain', {
          domainName: input.domainName,
          reason: input.reason,
        });
        await recordChange(tx, {
          websiteId: site.id,
          vendorId,
          description: 'Domain change requested',
          actor: caller,
          changes: [{ path: ['domainName'], from: site.domainName, to: input.domainName }],
        });
        return request;
      });
    },

    async requestAgentChange(
      vendorId: number,
      caller: Caller,
      id: number,
      raw: unknown,
    ): Promise<WebsiteRequest> {
      const fail = `${WebsiteMessages.agentChangeFailed}: `;
      const input = parse(agentChangeRequestSchema, raw);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, id, true);
        if (site.status === 'Inactive')
          throw new BadRequestError(fail + WebsiteServerMessages.agentChangeInactive);
        const agent = await licensableAgent(tx, vendorId, input.memberNumber, fail);
        if (agent.member_mls_id === site.memberNumber)
          throw new BadRequestError(fail + WebsiteServerMessages.agentChangeSame);
        if (await pendingRequest(tx, site.id, 'agent'))
          throw conflict(fail + WebsiteServerMessages.requestPending);
        const request = await insertRequest(tx, site, caller, 'agent', {
          memberNumber: agent.member_mls_id,
          reciprocal: agent.reciprocal,
          reason: input.reason,
        });
        await recordChange(tx, {
          websiteId: site.id,
          vendorId,
          description: 'Agent change requested',
          actor: caller,
          changes: [{ path: ['memberNumber'], from: site.memberNumber, to: agent.member_mls_id }],
        });
        return request;
      });
    },

    /** An Active site asks to end: it waits in Pending Termination, with its term date, for MLS staff. */
    async requestTermination(vendorId: number, caller: Caller, id: number, raw: unknown): Promise<Website> {
      const input = parse(terminationRequestSchema, raw);
      if (!isCalendarDate(input.termDate)) throw new BadRequestError(WebsiteMessages.termDateRequired);
      if (input.termDate < today()) throw new BadRequestError(WebsiteMessages.termDateInPast);
      return db.transaction(async (tx) => {
        const site = await requireWebsite(tx, vendorId, id, true);
        if (site.status !== 'Active') throw new BadRequestError(WebsiteMessages.terminationNotActive);
        if (!canRequestTermination(site.status, caller.role)) throw new ForbiddenError();
        await tx.execute(
          sql`UPDATE websites SET status = 'Pending Termination', term_date = ${input.termDate}, updated_at = now()
            WHERE id = ${site.id} AND vendor_id = ${vendorId}`,
        );
        const changes: FieldChange[] = [
          { path: ['status'], from: site.status, to: 'Pending Termination' },
          { path: ['termDate'], from: site.termDate, to: input.termDate },
        ];
        if (input.reason) changes.push({ path: ['reason'], from: null, to: input.reason });
        await recordChange(tx, {
          websiteId: site.id,
          vendorId,
          description: WebsiteMessages.terminationRequested,
          actor: caller,
          changes,
        });
        return (await websiteById(tx, vendorId, site.id))!;
      });
    },

    async requests(vendorId: number, id: number): Promise<WebsiteRequest[]> {
      await requireWebsite(db, vendorId, id);
      const rows = await rowsOf<RequestRow>(
        db,
        sql`SELECT ${REQUEST_COLUMNS} FROM website_requests WHERE website_id = ${id} AND vendor_id = ${vendorId}
          ORDER BY created_at DESC, id DESC`,
      );
      return rows.map(toRequest);
    },
  };
}
