import { QueueMessages } from '@vp/contract';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { toast, toastSaved } from '../../lib/toast.ts';
import type { QueueAction } from './api.ts';

/**
 * A refusal because the item moved on (someone acted first, a request was withdrawn, a document is
 * gone): the queue is read again, and the dialog that asked has nothing left to do.
 */
export function isStale(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 409 || err.status === 404);
}

/** What the success toast says when the server's answer carries no sentence of its own. */
export function doneText(action: QueueAction): string {
  switch (action.kind) {
    case 'activate':
      return QueueMessages.activated(action.item.domainName);
    case 'terminate':
      return QueueMessages.terminated(action.item.domainName);
    case 'approve':
      return QueueMessages.approved;
    case 'review':
      return QueueMessages.rosterCleared;
    case 'review-licence':
      return QueueMessages.licenceReviewed;
    case 'decline':
      return QueueMessages.declined;
    case 'reject':
      return QueueMessages.documentRejected;
    case 'extend':
      return QueueMessages.findingExtended(action.dueOn);
    case 'waive':
      return QueueMessages.findingWaived;
    case 'terminate-finding':
      return QueueMessages.findingTerminationStarted(action.item.domainName);
  }
}

/** The outcome of a decision: done, refused as stale (already told), or refused otherwise. */
export type ActionOutcome = { ok: true } | { ok: false; stale: boolean; error: unknown };

/**
 * Posts a decision and tells the user: the server's sentence as a success toast, a stale refusal's
 * message as an error toast. Other refusals are left to the caller, which shows them where the user
 * is (inside an open dialog, or as a toast).
 */
export async function runAction(
  post: (action: QueueAction) => Promise<{ message?: string } | undefined>,
  action: QueueAction,
): Promise<ActionOutcome> {
  try {
    const answer = await post(action);
    void toastSaved(answer?.message || doneText(action));
    return { ok: true };
  } catch (error) {
    const stale = isStale(error);
    if (stale) void toast('error', errorMessage(error));
    return { ok: false, stale, error };
  }
}
