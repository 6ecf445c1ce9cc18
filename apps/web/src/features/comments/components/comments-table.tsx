import { DeleteOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import { COMMENTS_TABLE_HEIGHT, CommentMessages, commentDisplayName, type Comment } from '@vp/contract';
import { Button, Table, Tooltip } from 'antd';
import { useMemo } from 'react';
import { LoadingState } from '../../../components/query-states.tsx';
import { useIsMobile } from '../../../hooks/use-is-mobile.ts';
import { displayDateTime } from '../../../lib/date-time.ts';

interface Props {
  comments: readonly Comment[] | undefined;
  loading: boolean;
  /** Null hides the Delete column (the read-only role). */
  onDelete: ((comment: Comment) => void) | null;
  deleting: boolean;
}

/** Newest first, so what arrived last is what the table opens on. */
function newestFirst(comments: readonly Comment[]): Comment[] {
  return [...comments].sort((a, b) => Date.parse(b.dateTime) - Date.parse(a.dateTime) || b.id - a.id);
}

/** Whether the vendor sees a message: an internal note of MLS staff is marked as such on its row. */
export function PublicMarker({ comment }: { comment: Comment }) {
  const label = comment.public ? CommentMessages.publicMarker : CommentMessages.internalMarker;
  return (
    <Tooltip title={label}>
      {/* Named for assistive technology; not a tab stop of its own on every row. */}
      <span className="vp-comment-marker" role="img" aria-label={label}>
        {comment.public ? <TeamOutlined aria-hidden /> : <LockOutlined aria-hidden />}
      </span>
    </Tooltip>
  );
}

/** A message's first words, so that two of the same minute have told-apart Delete buttons. */
function opening(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

/**
 * The conversation (spec §2 Messages tab): public marker, Date, Name, Messages and Delete, in a
 * table 245 px high that scrolls. A message is text and is shown as text, line breaks kept.
 */
export function CommentsTable({ comments, loading, onDelete, deleting }: Props) {
  const rows = useMemo(() => newestFirst(comments ?? []), [comments]);
  // On a phone, Date and Name go above the message in its cell: as columns of their own they would
  // push the message itself out of sight, to be scrolled to sideways.
  const mobile = useIsMobile();
  return (
    <Table<Comment>
      className="vp-comments-table"
      data-testid="comments-table"
      size="small"
      rowKey="id"
      dataSource={rows}
      pagination={false}
      loading={deleting}
      scroll={mobile ? { y: COMMENTS_TABLE_HEIGHT } : { y: COMMENTS_TABLE_HEIGHT, x: 560 }}
      rowClassName={(c) => (c.public ? '' : 'vp-comment-internal')}
      locale={{
        // In the page's secondary text colour: antd's own empty text is too faint to read.
        emptyText: loading ? (
          <LoadingState label="Loading the messages" rows={2} />
        ) : (
          <span className="vp-muted">{CommentMessages.none}</span>
        ),
      }}
      columns={[
        {
          title: <span className="vp-sr-only">Visibility</span>,
          key: 'public',
          width: 44,
          render: (_: unknown, c: Comment) => <PublicMarker comment={c} />,
        },
        ...(mobile
          ? []
          : [
              {
                title: 'Date',
                dataIndex: 'dateTime',
                key: 'dateTime',
                width: 150,
                render: (v: string) => displayDateTime(v),
              },
              {
                title: 'Name',
                key: 'name',
                width: 140,
                render: (_: unknown, c: Comment) => commentDisplayName(c.user),
              },
            ]),
        {
          title: 'Messages',
          dataIndex: 'comment',
          key: 'comment',
          // Text in a text node: markup in a message shows as the characters it is made of.
          render: (v: string, c: Comment) => (
            <>
              {mobile && (
                <div className="vp-comment-meta vp-muted">
                  {commentDisplayName(c.user)} · {displayDateTime(c.dateTime)}
                </div>
              )}
              <div className="vp-comment-text">{v}</div>
            </>
          ),
        },
        ...(onDelete
          ? [
              {
                title: <span className="vp-sr-only">Delete</span>,
                key: 'delete',
                width: 56,
                render: (_: unknown, c: Comment) => (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete the message of ${displayDateTime(c.dateTime)}: ${opening(c.comment)}`}
                    onClick={() => onDelete(c)}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
