import { CheckOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatRecoveryCode } from '@vp/contract';
import { Alert, Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { copyText, downloadRecoveryCodes, recoveryCodesText, TwoStepTexts } from '../../../lib/two-step.ts';

/**
 * Recovery codes, shown this once: the server keeps only their hashes. They live in this dialog's
 * props alone, and it closes only once the user says they have kept them.
 */
export function RecoveryCodesDialog({
  codes,
  notice,
  onClose,
}: {
  codes: readonly string[];
  /** What the action did, said at the top. */
  notice: string;
  onClose: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyText(recoveryCodesText(codes))) setCopied(true);
    else void toast('error', TwoStepTexts.copyFailed);
  }

  return (
    <Modal
      open
      title={TwoStepTexts.codesTitle}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      width={480}
      data-testid="recovery-codes-dialog"
      footer={
        <Button type="primary" disabled={!saved} onClick={onClose}>
          Done
        </Button>
      }
    >
      <Alert type="success" showIcon title={notice} style={{ marginBottom: 12 }} />
      <p>{TwoStepTexts.codesIntro}</p>
      <ol className="vp-factor-codes" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{formatRecoveryCode(c)}</code>
          </li>
        ))}
      </ol>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          autoFocus
          icon={copied ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />}
          onClick={() => void copy()}
        >
          {TwoStepTexts.copyCodes}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={() => downloadRecoveryCodes(codes)}>
          {TwoStepTexts.downloadCodes}
        </Button>
      </Space>
      <span role="status" className="vp-sr-only">
        {copied ? TwoStepTexts.codesCopied : ''}
      </span>
      <div>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
          {TwoStepTexts.codesSaved}
        </Checkbox>
      </div>
    </Modal>
  );
}
