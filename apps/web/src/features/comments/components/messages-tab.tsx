import { CommentMessages, type Comment, type Role } from '@vp/contract';
import { Badge, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { ErrorState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useProfile } from '../../profile/index.ts';
import { useComments, useDeleteComment } from '../api.ts';
import { markSeen, unreadCount, useLastSeen } from '../last-seen.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentsTable } from './comments-table.tsx';
import '../comments.css';

interface Props {
  siteId: number;
  role: Role | null;
  readOnly: boolean;
}

/**
 * The website modal's Messages tab (spec §2): the conversation between the vendor and the MLS about
 * this website. The read-only role reads it; writing and deleting are for the others. Reading the
 * tab marks its messages seen.
 */
export function MessagesTab({ siteId, role, readOnly }: Props) {
  const comments = useComments(siteId);
  const remove = useDeleteComment(siteId);
  const userId = useProfile().data?.id;
  const box = useRef<HTMLDivElement>(null);
  const wide = useIsWide();

  useEffect(() => {
    if (userId !== undefined && comments.data) markSeen(userId, siteId, comments.data);
  }, [userId, siteId, comments.data]);

  /** The spec's alert; focus then returns to what had it (the row's Delete), not the page's body. */
  function refuseDelete() {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Modal.warning({
      title: CommentMessages.cannotDelete,
      okText: 'OK',
      afterClose: () => (opener?.isConnected ? opener : box.current?.querySelector('textarea'))?.focus(),
    });
  }

  function confirmDelete(comment: Comment) {
    // Only its author deletes a message (spec §5): a message of someone else, or of a removed user,
    // is refused at once rather than after a confirmation that could not be honoured.
    if (comment.user?.id !== userId) {
      refuseDelete();
      return;
    }
    let deleted = false;
    Modal.confirm({
      // The deleted message's row, and its Delete that had focus, are gone: focus would fall to the
      // page's body, outside the modal, where Escape no longer closes it. The message box takes it.
      afterClose: () => {
        if (deleted) box.current?.querySelector('textarea')?.focus();
      },
      title: CommentMessages.deleteTitle,
      content: CommentMessages.deleteConfirm,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      // Enter on a confirmation that just opened keeps the message.
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await remove.mutateAsync(comment.id);
          deleted = true;
          void message.success(CommentMessages.deleted);
        } catch (err) {
          // The server decides in the end: its refusal is the same alert.
          if (err instanceof ApiError && err.status === 403) refuseDelete();
          else void message.error(errorMessage(err));
        }
      },
    });
  }

  // The newest messages come first; on a phone the box to write in comes before them, so the reply
  // is written beside the latest message instead of below the whole conversation.
  const form = readOnly ? null : <CommentForm siteId={siteId} role={role} />;
  return (
    <div className="vp-messages" data-testid="messages-tab" ref={box}>
      {!wide && form}
      {comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : (
        <CommentsTable
          comments={comments.data}
          loading={comments.isLoading}
          onDelete={readOnly ? null : confirmDelete}
          deleting={remove.isPending}
        />
      )}
      {wide && form}
    </div>
  );
}

/**
 * The tab's label: 'Messages', with the number of messages from others that came since the user
 * last read the tab.
 */
export function MessagesTabLabel({ siteId, active }: { siteId: number; active: boolean }) {
  const comments = useComments(siteId);
  const userId = useProfile().data?.id;
  const lastSeen = useLastSeen(userId, siteId);
  const unread =
    active || userId === undefined || !comments.data ? 0 : unreadCount(comments.data, userId, lastSeen);
  return (
    <span className="vp-tab-label">
      Messages
      {unread > 0 && (
        <>
          <span className="vp-sr-only">, {unread} unread</span>
          <span aria-hidden="true">
            <Badge count={unread} size="small" />
          </span>
        </>
      )}
    </span>
  );
}
