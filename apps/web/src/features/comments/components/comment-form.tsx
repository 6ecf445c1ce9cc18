import {
  canPostInternalNote,
  COMMENT_MAX,
  COMMENT_ROWS,
  CommentMessages,
  isSendableComment,
  type Role,
} from '@vp/contract';
import { Button, Checkbox, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { usePostComment } from '../api.ts';

export const INTERNAL_NOTE_LABEL = 'Internal note (MLS staff only)';

interface Props {
  siteId: number | null;
  role: Role | null;
}

/**
 * The Messages textarea (4 rows) and Send. Send goes only with something left after trimming; MLS
 * staff may mark the message an internal note, which vendors never see.
 */
export function CommentForm({ siteId, role }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const box = useRef<TextAreaRef>(null);
  const post = usePostComment(siteId);
  const staff = role !== null && canPostInternalNote(role);
  const sendable = isSendableComment(text) && !post.isPending;

  async function send() {
    if (!sendable) return;
    try {
      await post.mutateAsync({ comment: text, public: !(staff && internal) });
      setText('');
      // Each note is marked internal on purpose: the next message is public unless marked again.
      setInternal(false);
      // Send is disabled once the box is empty: focus would fall out of the form; the box keeps it.
      box.current?.focus();
      void message.success(CommentMessages.sent);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  // Enter writes a new line, as in any text box; Ctrl+Enter (⌘+Enter) sends.
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div className="vp-comment-form">
      <label htmlFor={id} className="vp-comment-label">
        Messages
      </label>
      <Input.TextArea
        ref={box}
        id={id}
        rows={COMMENT_ROWS}
        value={text}
        maxLength={COMMENT_MAX}
        placeholder={CommentMessages.placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="vp-comment-actions">
        {staff && (
          <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)}>
            {INTERNAL_NOTE_LABEL}
          </Checkbox>
        )}
        <Button type="primary" disabled={!sendable} loading={post.isPending} onClick={() => void send()}>
          {CommentMessages.send}
        </Button>
      </div>
    </div>
  );
}
