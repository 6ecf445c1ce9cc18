import { StopOutlined } from '@ant-design/icons';
import type { ApiKey } from '@vp/contract';
import { Button, Popconfirm } from 'antd';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';

export const RevokeTexts = {
  action: 'Revoke',
  confirm: (name: string) => `Revoke ${name}?`,
  detail: 'Calls made with this key are refused from now on. This cannot be undone.',
  done: (name: string) => `${name} is revoked.`,
} as const;

/** Revoke a key after a confirmation; the answer is one toast. */
export function RevokeButton({
  apiKey,
  revoke,
  compact = false,
}: {
  apiKey: ApiKey;
  revoke: (id: number) => Promise<unknown>;
  /** Icon only, the name of the action left to its label. */
  compact?: boolean;
}) {
  async function confirm() {
    try {
      await revoke(apiKey.id);
      void toastSaved(RevokeTexts.done(apiKey.name));
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Popconfirm
      title={RevokeTexts.confirm(apiKey.name)}
      description={RevokeTexts.detail}
      okText={RevokeTexts.action}
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={() => confirm()}
    >
      <Button
        size="small"
        danger
        icon={<StopOutlined aria-hidden="true" />}
        aria-label={`${RevokeTexts.action}: ${apiKey.name}`}
      >
        {compact ? null : RevokeTexts.action}
      </Button>
    </Popconfirm>
  );
}
