import {
  canManageResources,
  cleanFileName,
  DocumentMessages,
  extensionOf,
  isUploadExtension,
  resourceFieldsSchema,
  ResourceMessages,
  sortResources,
  uploadNameError,
  type Resource,
  type ResourceFields,
  type ResourceList,
} from '@vp/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { resources } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ForbiddenError, NotFoundError, parse } from '../../platform/errors.ts';
import { discardStaged, newStorageKey, type StagedFile } from '../../platform/storage.ts';
import { CONTENT_TYPES, contentMatches } from '../documents/index.ts';
import * as q from './queries.ts';
import type { ResourceForm } from './upload.ts';

/**
 * Resources: every signed-in user reads the active ones (MLS staff also the retired); MLS staff
 * alone add, edit, reorder and retire. A vendor may see the resources, so a vendor's write is a 403
 * (not a 404, as the console's calls answer).
 */

/** Files are kept under the MLS's own prefix in storage (no vendor has id 0). */
const MLS_STORAGE_OWNER = 0;

const isStaff = (actor: Actor) => canManageResources(actor.role);

function requireStaff(actor: Actor): void {
  if (!isStaff(actor)) throw new ForbiddenError(ResourceMessages.staffOnly);
}

interface CheckedFile {
  staged: StagedFile;
  name: string;
  contentType: string;
}

/** The file's first broken rule, as document uploads check them: name, type, size, content. */
async function checkFile(staged: StagedFile, rawName: string | null): Promise<CheckedFile> {
  const name = cleanFileName(rawName ?? '');
  if (!name) throw new BadRequestError(DocumentMessages.fileRequired);
  const nameError = uploadNameError(name);
  if (nameError) throw new BadRequestError(nameError);
  const ext = extensionOf(name);
  if (!isUploadExtension(ext)) throw new BadRequestError(DocumentMessages.extension);
  if (staged.size === 0) throw new BadRequestError(DocumentMessages.empty);
  if (!(await contentMatches(ext, staged))) throw new BadRequestError(DocumentMessages.contentMismatch(ext));
  return { staged, name, contentType: CONTENT_TYPES[ext] };
}

export function resourcesService(ctx: AppContext) {
  const { db, storage } = ctx;

  async function toInfo(id: number, actor: Actor): Promise<Resource> {
    const row = await q.rowById(db, id);
    if (!row) throw new NotFoundError(ResourceMessages.notFound);
    return q.toResource(row, await q.lastSeen(db, actor.userId));
  }

  /**
   * Stores a checked file under a fresh key, runs `write` with it, and removes the object again if
   * the write fails. The staged file is gone either way.
   */
  async function withStoredFile<T>(
    form: ResourceForm,
    write: (file: { key: string; name: string; size: number; contentType: string } | null) => Promise<T>,
  ): Promise<T> {
    let key: string | null = null;
    try {
      const file = form.staged ? await checkFile(form.staged, form.fileName) : null;
      if (file) {
        key = newStorageKey(MLS_STORAGE_OWNER);
        await storage.commit(file.staged.path, key, file.contentType);
      }
      const result = await write(
        file && key ? { key, name: file.name, size: file.staged.size, contentType: file.contentType } : null,
      );
      key = null;
      return result;
    } catch (err) {
      if (key) await storage.delete(key).catch(() => undefined);
      throw err;
    } finally {
      await discardStaged(form.staged);
    }
  }

  return {
    async list(actor: Actor): Promise<ResourceList> {
      const [rows, seen] = await Promise.all([q.listRows(db, isStaff(actor)), q.lastSeen(db, actor.userId)]);
      return {
        resources: sortResources(rows.map((r) => q.toResource(r, seen))),
        lastSeenAt: seen?.toISOString() ?? null,
      };
    },

    async markSeen(actor: Actor): Promise<{ lastSeenAt: string }> {
      return { lastSeenAt: (await q.markSeen(db, actor.userId)).toISOString() };
    },

    /** A file resource's row and content; a retired one is gone to vendors, a link has no file. */
    async open(actor: Actor, id: number) {
      const row = await q.rowById(db, id);
      if (!row || !row.storageKey || (row.retiredAt && !isStaff(actor)))
        throw new NotFoundError(ResourceMessages.notFound);
      return { row: { ...row, storageKey: row.storageKey }, stream: await storage.get(row.storageKey) };
    },

    async create(actor: Actor, form: ResourceForm): Promise<Resource> {
      let fields: ResourceFields;
      try {
        requireStaff(actor);
        fields = parse(resourceFieldsSchema, form.fields);
        if (form.staged && fields.url) throw new BadRequestError(ResourceMessages.notBoth);
        if (!form.staged && !fields.url) throw new BadRequestError(ResourceMessages.fileOrUrl);
      } catch (err) {
        await discardStaged(form.staged);
        throw err;
      }
      const id = await withStoredFile(form, (file) =>
        db.transaction(async (tx) => {
          const position = await q.nextPosition(tx, fields.category);
          const [row] = await tx
            .insert(resources)
            .values({
              category: fields.category,
              title: fields.title,
              description: fields.description,
              url: file ? null : (fields.url ?? null),
              storageKey: file?.key ?? null,
              fileName: file?.name ?? null,
              size: file?.size ?? null,
              contentType: file?.contentType ?? null,
              position,
              createdBy: actor.userId,
              updatedBy: actor.userId,
            })
            .returning({ id: resources.id });
          return row!.id;
        }),
      );
      return toInfo(id, actor);
    },

    /**
     * Changes the fields; a new file replaces the old one (or a link), a URL replaces a file. The
     * old object is deleted once the change has committed.
     */
    async update(actor: Actor, id: number, form: ResourceForm): Promise<Resource> {
      let fields: ResourceFields;
      try {
        requireStaff(actor);
        fields = parse(resourceFieldsSchema, form.fields);
        if (form.staged && fields.url) throw new BadRequestError(ResourceMessages.notBoth);
      } catch (err) {
        await discardStaged(form.staged);
        throw err;
      }
      const oldKey = await withStoredFile(form, (file) =>
        db.transaction(async (tx) => {
          const current = await q.rowById(tx, id, true);
          if (!current) throw new NotFoundError(ResourceMessages.notFound);
          // Without a new file or address, a resource keeps its content.
          const content = file
            ? {
                storageKey: file.key,
                fileName: file.name,
                size: file.size,
                contentType: file.contentType,
                url: null,
              }
            : fields.url
              ? { storageKey: null, fileName: null, size: null, contentType: null, url: fields.url }
              : {};
          // Moved to another category: placed last there.
          const position =
            fields.category !== current.category
              ? await q.nextPosition(tx, fields.category)
              : current.position;
          await tx
            .update(resources)
            .set({
              category: fields.category,
              title: fields.title,
              description: fields.description,
              ...content,
              position,
              updatedAt: sql`now()`,
              updatedBy: actor.userId,
            })
            .where(eq(resources.id, id));
          return 'storageKey' in content && current.storageKey ? current.storageKey : null;
        }),
      );
      if (oldKey) await storage.delete(oldKey).catch(() => undefined);
      return toInfo(id, actor);
    },

    /** The new order of one category's active resources: every one of them, each once. */
    async reorder(actor: Actor, ids: number[]): Promise<{ message: string }> {
      requireStaff(actor);
      if (new Set(ids).size !== ids.length) throw new BadRequestError(ResourceMessages.orderIds);
      await db.transaction(async (tx) => {
        const first = await q.rowById(tx, ids[0]!);
        if (!first || first.retiredAt) throw new NotFoundError(ResourceMessages.notFound);
        const inCategory = await q.activeIdsIn(tx, first.category);
        const given = new Set(ids);
        if (inCategory.length !== ids.length || inCategory.some((i) => !given.has(i)))
          throw new BadRequestError(ResourceMessages.orderIds);
        for (const [position, rid] of ids.entries())
          await tx.update(resources).set({ position }).where(eq(resources.id, rid));
      });
      return { message: ResourceMessages.reordered };
    },

    /** Retired: kept (with its file), hidden from vendors. */
    async retire(actor: Actor, id: number): Promise<{ message: string }> {
      requireStaff(actor);
      const [row] = await db
        .update(resources)
        .set({ retiredAt: sql`coalesce(${resources.retiredAt}, now())`, updatedBy: actor.userId })
        .where(eq(resources.id, id))
        .returning({ id: resources.id });
      if (!row) throw new NotFoundError(ResourceMessages.notFound);
      return { message: ResourceMessages.retired };
    },
  };
}
