import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, AvatarMessages, type Profile } from '@vp/contract';
import { Avatar, Button, Space } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { toastSaved } from '../../../lib/toast.ts';
import { useAvatar } from '../api.ts';

/** What is wrong with a picked file before it is sent, or null; the server checks the bytes again. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AvatarMessages.notImage;
  if (file.size > AVATAR_MAX_BYTES) return AvatarMessages.tooLarge;
  return null;
}

/** The profile picture: shown as the navbar shows it, replaced from a file, or removed. */
export function AvatarField({ profile }: { profile: Profile }) {
  const { save, remove } = useAvatar();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // After a save or a removal the button under the keyboard has changed or gone: focus the
  // upload button again once it is usable.
  const [refocus, setRefocus] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const busy = save.isPending || remove.isPending;

  useEffect(() => {
    if (!refocus || busy) return;
    button.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  function picked(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const wrong = avatarFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    save.mutate(file, {
      onSuccess: () => {
        setRefocus(true);
        void toastSaved(AvatarMessages.saved);
      },
      onError: (e) => setProblem(errorMessage(e)),
    });
  }

  return (
    <div className="vp-avatar-field">
      <Avatar
        size={72}
        icon={<UserOutlined />}
        src={profile.avatar ?? undefined}
        alt={profile.avatar ? 'Your picture' : undefined}
      />
      <div>
        <Space wrap>
          <Button
            ref={button}
            icon={<UploadOutlined aria-hidden />}
            loading={save.isPending}
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {profile.avatar ? 'Change picture' : 'Upload picture'}
          </Button>
          {profile.avatar && (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              loading={remove.isPending}
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setProblem(null);
                    setRefocus(true);
                    void toastSaved(AvatarMessages.removed);
                  },
                  onError: (e) => setProblem(errorMessage(e)),
                })
              }
            >
              Remove
            </Button>
          )}
        </Space>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          data-testid="avatar-input"
          onChange={(e) => picked(e.target.files?.[0])}
        />
        <p id={hintId} className="vp-muted">
          PNG, JPEG or WebP, up to 2 MB. It is cut to a square.
        </p>
        {problem && (
          <p role="alert" className="vp-text-danger">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
