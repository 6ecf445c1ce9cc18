import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { FACTOR_NAME_MAX, MfaMessages, normaliseCode, type TotpSetup } from '@vp/contract';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { createPasskey, passkeyErrorMessage } from '../../../lib/passkey.ts';
import { toast } from '../../../lib/toast.ts';
import { copyText, groupedKey, qrImageSrc, TwoStepTexts } from '../../../lib/two-step.ts';
import { useAddPasskey, useConfirmTotp, usePasskeyOptions } from '../api.ts';
import { ConfirmCanceled } from '../confirm-first.ts';

export const AddTexts = {
  appTitle: 'Add authenticator app',
  appOk: 'Add app',
  passkeyTitle: 'Add passkey',
  passkeyIntro: 'Your browser asks you to create the passkey. You can then use it to log in.',
  passkeyOk: 'Create passkey',
  codeFormat: 'Please enter the 6-digit code from your authenticator app.',
  cancel: 'Cancel',
} as const;

const nameRules = [
  { required: true, whitespace: true, message: MfaMessages.nameRequired },
  { max: FACTOR_NAME_MAX, message: MfaMessages.nameTooLong },
];

/** What the server may refuse about each field. */
const CODE_ERRORS = [MfaMessages.codeWrong, MfaMessages.codeUsed, MfaMessages.codeFormat] as const;
const NAME_ERRORS = [MfaMessages.nameRequired, MfaMessages.nameTooLong] as const;

/** The recovery codes of a user's first method, to be shown once; none for a later one. */
export type Added = readonly string[];

interface AppValues {
  name: string;
  code: string;
}

/**
 * Adds an authenticator app: the key the server made (its QR code to scan, or typed), then the
 * first code from the app, which confirms it.
 */
export function AddAppDialog({
  setup,
  onAdded,
  onClose,
}: {
  setup: TotpSetup;
  onAdded: (recoveryCodes: Added) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AppValues>();
  const confirm = useConfirmTotp();
  const [copied, setCopied] = useState(false);
  const watched = Form.useWatch([], form) as Partial<AppValues> | undefined;
  const dirty =
    !!watched?.code?.trim() || (watched?.name ?? TwoStepTexts.defaultAppName) !== TwoStepTexts.defaultAppName;
  const guard = useUnsavedChanges(dirty);

  async function copy() {
    if (await copyText(setup.secret)) setCopied(true);
    else void toast('error', TwoStepTexts.copyFailed);
  }

  async function cancel() {
    if (await guard.confirmLeave()) onClose();
  }

  async function submit() {
    let values: AppValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const typed = normaliseCode(values.code);
    if (typed.kind !== 'totp') {
      form.setFields([{ name: 'code', errors: [AddTexts.codeFormat] }]);
      return;
    }
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: typed.code, name: values.name.trim() });
      guard.release();
      onAdded(recoveryCodes);
    } catch (err) {
      form.setFields(fieldErrorsOf(err, { code: CODE_ERRORS, name: NAME_ERRORS }));
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Modal
      open
      title={AddTexts.appTitle}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={AddTexts.appOk}
      cancelText={AddTexts.cancel}
      confirmLoading={confirm.isPending}
      destroyOnHidden
      width={480}
      data-testid="add-app-dialog"
    >
      <p>{TwoStepTexts.scan}</p>
      <img
        className="vp-factor-qr"
        src={qrImageSrc(setup.qrSvg)}
        alt={TwoStepTexts.qrAlt}
        width={180}
        height={180}
      />
      <p>{TwoStepTexts.typeKey}</p>
      <div className="vp-factor-key">
        <code data-testid="totp-key">{groupedKey(setup.secret)}</code>
        <Button
          size="small"
          icon={copied ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />}
          onClick={() => void copy()}
        >
          {TwoStepTexts.copyKey}
        </Button>
        <span role="status" className="vp-sr-only">
          {copied ? TwoStepTexts.keyCopied : ''}
        </span>
      </div>
      <Form<AppValues>
        form={form}
        name="add-app"
        layout="vertical"
        initialValues={{ name: TwoStepTexts.defaultAppName, code: '' }}
      >
        <Form.Item
          label={TwoStepTexts.codeLabel}
          name="code"
          rules={[{ required: true, message: AddTexts.codeFormat }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            autoFocus
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        <Form.Item label={TwoStepTexts.nameLabel} name="name" rules={nameRules}>
          <Input maxLength={FACTOR_NAME_MAX} autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface PasskeyValues {
  name: string;
}

/**
 * Adds a passkey: its name, then the browser's own prompt. Asking the server for the options may
 * first need the user to confirm it is them (`run`).
 */
export function AddPasskeyDialog({
  run,
  onAdded,
  onClose,
}: {
  run: <T>(call: () => Promise<T>) => Promise<T>;
  onAdded: (recoveryCodes: Added) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PasskeyValues>();
  const start = usePasskeyOptions();
  const add = useAddPasskey();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const watched = Form.useWatch('name', form) as string | undefined;
  const guard = useUnsavedChanges(
    (watched ?? TwoStepTexts.defaultPasskeyName) !== TwoStepTexts.defaultPasskeyName,
  );

  async function cancel() {
    if (await guard.confirmLeave()) onClose();
  }

  async function submit() {
    let values: PasskeyValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const { challengeId, options } = await run(() => start.mutateAsync());
      const response = await createPasskey(options);
      const { recoveryCodes } = await add.mutateAsync({ challengeId, response, name: values.name.trim() });
      guard.release();
      onAdded(recoveryCodes);
    } catch (err) {
      if (err instanceof ConfirmCanceled) return;
      const fields = fieldErrorsOf(err, { name: NAME_ERRORS });
      if (fields.length) form.setFields(fields);
      else setFailure(passkeyErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={AddTexts.passkeyTitle}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={AddTexts.passkeyOk}
      cancelText={AddTexts.cancel}
      confirmLoading={busy}
      destroyOnHidden
      width={440}
      data-testid="add-passkey-dialog"
    >
      <p>{AddTexts.passkeyIntro}</p>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<PasskeyValues>
        form={form}
        name="add-passkey"
        layout="vertical"
        initialValues={{ name: TwoStepTexts.defaultPasskeyName }}
      >
        <Form.Item
          label={TwoStepTexts.nameLabel}
          name="name"
          rules={nameRules}
          extra={TwoStepTexts.passkeyNameHint}
        >
          <Input
            maxLength={FACTOR_NAME_MAX}
            autoComplete="off"
            autoFocus
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
