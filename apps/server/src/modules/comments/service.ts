import {
  CommentMessages,
  CommentServerMessages,
  type Comment,
  type LiveEvent,
  type commentInputSchema,
} from '@vp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../platform/errors.ts';
import { raiseWebhookEvents } from '../../platform/webhook-outbox.ts';
import { perMinuteLimit } from '../../platform/per-minute.ts';
import { noticeText, withNotices } from '../notifications/index.ts';
import { requireWebsite } from '../websites/index.ts';
import { commentForUpdate, deleteComment, insertComment, listComments, type Place } from './queries.ts';

/**
 * The conversation of a vendor with MLS staff: on a website (siteId) or on the account (siteId
 * null). Anyone acting for the vendor reads it; vendor users and staff write; only the author
 * deletes. MLS staff may write internal notes (not public), which vendors never receive: not in a
 * list (filtered in SQL) and not as a live event (published to staff only).
 */

export type CommentInput = z.output<typeof commentInputSchema>;

const isStaff = (actor: Actor) => actor.role === 'admin';

/** A foreign key refusing the insert: the website went away between the check and the write. */
const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

export function commentsService(ctx: AppContext) {
  const { db, config } = ctx;
  const sent = perMinuteLimit(ctx.database, 'comment', config.commentsPerMinute);

  /** The conversation's place, and its website's domain; another vendor's website, or none, is not found. */
  async function placeOf(
    on: Db,
    vendorId: number,
    siteId: number | null,
  ): Promise<Place & { domain: string | null }> {
    const domain = siteId === null ? null : (await requireWebsite(on, vendorId, siteId)).domainName;
    return { vendorId, siteId, domain };
  }

  /** Told after the commit: a lost event only delays a refresh, the comment itself is stored. */
  async function announce(place: Place, actor: Actor, isPublic: boolean, action: LiveEvent['action']) {
    const event: LiveEvent = {
      type: 'comment',
      context: place.siteId === null ? 'vendor' : 'website',
      siteId: place.siteId,
      username: actor.username,
      action,
    };
    await ctx.live
      .publish({ vendorId: place.vendorId, staffOnly: !isPublic }, event)
      .catch((err: unknown) => ctx.log.warn({ err }, 'comment event not published'));
  }

  return {
    async list(vendorId: number, actor: Actor, siteId: number | null): Promise<Comment[]> {
      return listComments(db, await placeOf(db, vendorId, siteId), isStaff(actor));
    },

    async create(
      vendorId: number,
      actor: Actor,
      siteId: number | null,
      input: CommentInput,
    ): Promise<Comment> {
      if (!input.public && !isStaff(actor)) throw new ForbiddenError(CommentMessages.internalOnlyStaff);
      const { domain, ...place } = await placeOf(db, vendorId, siteId);
      if (!(await sent.take(actor.userId))) throw new TooManyRequestsError(CommentServerMessages.rate);
      let comment: Comment;
      try {
        comment = await withNotices(ctx, async (tx, notices) => {
          const made = await insertComment(tx, place, actor.userId, input.comment, input.public);
          // Staff hear of what vendors write; an internal note is for staff alone.
          await notices.add(tx, {
            vendorId,
            websiteId: siteId,
            topic: siteId === null ? 'comments.vendorCreate' : 'comments.websiteCreate',
            content: noticeText.comment(domain, actor, input.comment, !input.public),
            actor,
            staffToo: !isStaff(actor),
            staffOnly: !input.public,
          });
          // An internal note is never an event: the MLS's own endpoints see what vendors see.
          if (input.public)
            await raiseWebhookEvents(tx, [{ vendorId, type: 'comment.created', data: { comment: made } }]);
          return made;
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new NotFoundError();
        throw err;
      }
      await announce(place, actor, input.public, 'update');
      return comment;
    },

    async remove(
      vendorId: number,
      actor: Actor,
      siteId: number | null,
      id: number,
    ): Promise<{ message: string }> {
      const { domain: _domain, ...place } = await placeOf(db, vendorId, siteId);
      const removed = await db.transaction(async (tx) => {
        const found = await commentForUpdate(tx, place, id, isStaff(actor));
        if (!found) throw new NotFoundError(CommentServerMessages.notFound);
        if (found.userId !== actor.userId) throw new ForbiddenError(CommentMessages.cannotDelete);
        await deleteComment(tx, found.id);
        return found;
      });
      await announce(place, actor, removed.public, 'delete');
      return { message: CommentMessages.deleted };
    },
  };
}
