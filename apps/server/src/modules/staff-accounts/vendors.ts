import {
  VENDOR_TYPE_LABELS,
  VendorMessages,
  type AccountChange,
  type VendorDetail,
  type VendorList,
  type VendorOption,
  type VendorValues,
  type VendorListParams,
  type VendorType,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { accountChangesOf, fieldChanges, recordAccountChange } from './audit.ts';
import * as q from './vendor-queries.ts';

/**
 * Vendors in the console: created and edited here, linked as a primary with sub-accounts, and
 * suspended or reinstated. A suspension reaches every instance at once: the sessions of the
 * vendor's users forget their cached links, and sockets acting for it are checked again and closed.
 */

const EDITED_FIELDS = [
  'code',
  'name',
  'type',
  'isConsumer',
  'isProvider',
  'reciprocalAllowed',
  'permissionAudit',
  'feedType',
  'technicalContact',
  'billingContact',
  'parentId',
] as const;

function typeLabel(type: string): string {
  return VENDOR_TYPE_LABELS[type as VendorType] ?? type;
}

function valuesOf(v: q.VendorRecord): VendorValues {
  return {
    code: v.code,
    name: v.name,
    type: v.type as VendorType,
    isConsumer: v.isConsumer,
    isProvider: v.isProvider,
    reciprocalAllowed: v.reciprocalAllowed,
    permissionAudit: v.permissionAudit,
    feedType: v.feedType,
    technicalContact: v.technicalContact,
    billingContact: v.billingContact,
    parentId: v.parentVendorId,
  };
}

export function vendorsService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * The link rules, checked with both rows locked (taken together, in id order, so two staff
   * members linking two vendors to each other wait in turn instead of deadlocking): the primary
   * exists, is not itself a sub-account, and a vendor with sub-accounts does not become one.
   * Answers the vendor's own row, when it has an id.
   */
  async function lockAndCheckLink(
    tx: Db,
    id: number | null,
    parentId: number | null,
  ): Promise<q.VendorRecord | null> {
    const ids = [id, parentId].filter((v): v is number => v !== null);
    const locked = await q.lockVendors(tx, ids);
    const own = id === null ? null : (locked.find((v) => v.id === id) ?? null);
    if (id !== null && !own) throw new NotFoundError();
    if (parentId === null) return own;
    if (id === parentId) throw new BadRequestError(VendorMessages.linkSelf);
    const parent = locked.find((v) => v.id === parentId);
    if (!parent) throw new BadRequestError(VendorMessages.linkUnknown);
    if (parent.parentVendorId !== null) throw new BadRequestError(VendorMessages.linkToSubAccount);
    if (id !== null && (await q.hasSubAccounts(tx, id)))
      throw new BadRequestError(VendorMessages.linkHasSubAccounts);
    return own;
  }

  async function checkCode(tx: Db, code: string, exceptId: number | null): Promise<void> {
    if ((await q.codeHolder(tx, code, exceptId)) !== null) throw new ConflictError(VendorMessages.codeTaken);
  }

  /** A unique index refusing the code (two writers at once) is the same 409 as the check before. */
  async function codeConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(VendorMessages.codeTaken);
      throw err;
    }
  }

  /** After a suspension or reinstatement: every instance refreshes who may act for the vendor. */
  async function announceStanding(vendorId: number, userIds: readonly number[]): Promise<void> {
    for (const userId of userIds) await ctx.sessions.userChanged(userId);
    await ctx.bus.publish('vendor.changed', { vendorId });
  }

  async function setStanding(actor: Actor, id: number, active: boolean): Promise<{ message: string }> {
    const { code, userIds } = await db.transaction(async (tx) => {
      const [vendor] = await q.lockVendors(tx, [id]);
      if (!vendor) throw new NotFoundError();
      if (vendor.active === active)
        throw new ConflictError(active ? VendorMessages.notSuspended : VendorMessages.alreadySuspended);
      await q.setVendorActive(tx, id, active);
      await recordAccountChange(tx, actor, {
        subject: 'vendor',
        subjectId: id,
        kind: active ? 'vendor.reinstated' : 'vendor.suspended',
        description: active ? `Reinstated vendor ${vendor.code}` : `Suspended vendor ${vendor.code}`,
        changes: [
          { field: 'status', from: active ? 'suspended' : 'active', to: active ? 'active' : 'suspended' },
        ],
      });
      return { code: vendor.code, userIds: await q.linkedUserIds(tx, id) };
    });
    await announceStanding(id, userIds);
    return { message: active ? VendorMessages.reinstated(code) : VendorMessages.suspended(code) };
  }

  return {
    list: (query: VendorListParams, reader: Db = db): Promise<VendorList> => q.listVendors(reader, query),

    async detail(id: number): Promise<VendorDetail> {
      const summary = await q.vendorSummary(db, id);
      if (!summary) throw new NotFoundError();
      const [subs, people] = await Promise.all([q.subAccountsOf(db, id), q.usersOfVendor(db, id)]);
      return {
        ...summary,
        subAccountList: subs.map((s) => ({
          id: s.id,
          code: s.code,
          name: s.name,
          status: s.active ? 'active' : 'suspended',
        })),
        userList: people.map((u) => ({
          id: u.id,
          username: u.username,
          name: `${u.first_name} ${u.last_name}`.trim(),
          role: u.role,
          status: u.status,
          isPrimary: u.is_primary,
        })),
      };
    },

    async options(): Promise<VendorOption[]> {
      const rows = await q.vendorOptions(db);
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        status: r.active ? 'active' : 'suspended',
        parentId: r.parentId,
      }));
    },

    async history(id: number): Promise<AccountChange[]> {
      if (!(await q.vendorSummary(db, id))) throw new NotFoundError();
      return accountChangesOf(db, 'vendor', id);
    },

    async create(actor: Actor, values: VendorValues): Promise<{ id: number; message: string }> {
      const id = await codeConflict(() =>
        db.transaction(async (tx) => {
          await lockAndCheckLink(tx, null, values.parentId);
          await checkCode(tx, values.code, null);
          const id = await q.insertVendor(tx, values);
          await recordAccountChange(tx, actor, {
            subject: 'vendor',
            subjectId: id,
            kind: 'vendor.created',
            description: `Created vendor ${values.code} (${values.name}, ${typeLabel(values.type)})`,
          });
          return id;
        }),
      );
      return { id, message: VendorMessages.created(values.code) };
    },

    async update(actor: Actor, id: number, values: VendorValues): Promise<{ id: number; message: string }> {
      await codeConflict(() =>
        db.transaction(async (tx) => {
          const current = (await lockAndCheckLink(tx, id, values.parentId))!;
          await checkCode(tx, values.code, id);
          const changes = fieldChanges(valuesOf(current), values, EDITED_FIELDS);
          if (changes.length === 0) return;
          await q.updateVendor(tx, id, values);
          await recordAccountChange(tx, actor, {
            subject: 'vendor',
            subjectId: id,
            kind: 'vendor.updated',
            description: `Edited vendor ${values.code}: ${changes.map((c) => c.field).join(', ')}`,
            changes,
          });
        }),
      );
      return { id, message: VendorMessages.saved(values.code) };
    },

    suspend: (actor: Actor, id: number) => setStanding(actor, id, false),
    reinstate: (actor: Actor, id: number) => setStanding(actor, id, true),
  };
}
