import { MfaMessages, normaliseCode } from '@vp/contract';
import { Alert, Button, Form, Input, Modal, type InputRef } from 'antd';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useConfirmIdentity } from '../api.ts';
import { withConfirmation } from '../confirm-first.ts';

export const ConfirmTexts = {
  title: "Confirm it's you",
  passwordIntro: 'Before you change how you log in, please enter your password.',
  codeIntro:
    'Before you change how you log in, please enter a code from your authenticator app, or a recovery code.',
  password: 'Password',
  code: 'Code',
  passwordRequired: 'Please enter your password.',
  useCode: 'Use a code instead',
  usePassword: 'Use your password instead',
  ok: 'Confirm',
  cancel: 'Cancel',
} as const;

interface Values {
  password?: string;
  code?: string;
}

/**
 * Asks for the password (or a code from the user's second factor) and confirms it with the
 * server; answers whether the user did. Nothing typed here is kept, so closing it asks nothing.
 */
function ConfirmIdentityDialog({
  codesAllowed,
  onDone,
}: {
  /** Whether the user has a method whose code can stand in for the password. */
  codesAllowed: boolean;
  onDone: (confirmed: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [useCode, setUseCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useConfirmIdentity();
  // The field to type in has the focus once the dialog is open: the dialog's own focus handling
  // (or a dialog closing just before) would otherwise leave it on the close button.
  const input = useRef<InputRef>(null);

  async function submit() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFailure(null);
    try {
      await confirm.mutateAsync(
        useCode ? { code: normaliseCode(values.code ?? '').code } : { password: values.password ?? '' },
      );
      onDone(true);
    } catch (err) {
      // A wrong password or code is said under its field; anything else above the form.
      const wrong = [MfaMessages.confirmWrong, MfaMessages.codeFormat];
      const fields = useCode ? fieldErrorsOf(err, { code: wrong }) : fieldErrorsOf(err, { password: wrong });
      if (fields.length) form.setFields(fields);
      else setFailure(errorMessage(err));
    }
  }

  function switchKind() {
    setUseCode(!useCode);
    setFailure(null);
    form.resetFields();
  }

  return (
    <Modal
      open
      title={ConfirmTexts.title}
      onCancel={() => onDone(false)}
      onOk={() => void submit()}
      okText={ConfirmTexts.ok}
      cancelText={ConfirmTexts.cancel}
      confirmLoading={confirm.isPending}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) input.current?.focus();
      }}
      width={440}
      data-testid="confirm-identity"
    >
      <p>{useCode ? ConfirmTexts.codeIntro : ConfirmTexts.passwordIntro}</p>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} name="confirm-identity" layout="vertical">
        {useCode ? (
          <Form.Item
            key="code"
            label={ConfirmTexts.code}
            name="code"
            rules={[{ required: true, whitespace: true, message: MfaMessages.codeFormat }]}
          >
            <Input
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              ref={input}
              autoFocus
              onPressEnter={() => void submit()}
            />
          </Form.Item>
        ) : (
          <Form.Item
            key="password"
            label={ConfirmTexts.password}
            name="password"
            rules={[{ required: true, message: ConfirmTexts.passwordRequired }]}
          >
            <Input.Password
              ref={input}
              autoComplete="current-password"
              autoFocus
              onPressEnter={() => void submit()}
            />
          </Form.Item>
        )}
      </Form>
      {codesAllowed && (
        <Button type="link" style={{ padding: 0 }} onClick={switchKind}>
          {useCode ? ConfirmTexts.usePassword : ConfirmTexts.useCode}
        </Button>
      )}
    </Modal>
  );
}

/**
 * Makes changes to the sign-in methods, asking the user to confirm it is them when the server
 * wants that first. `run` makes a call that way; `dialog` is where the question shows.
 */
export function useConfirmFirst(codesAllowed: boolean): {
  run: <T>(call: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending(() => resolve)), []);
  const run = useCallback(<T,>(call: () => Promise<T>) => withConfirmation(call, ask), [ask]);
  const dialog = useMemo(
    () =>
      pending ? (
        <ConfirmIdentityDialog
          codesAllowed={codesAllowed}
          onDone={(confirmed) => {
            setPending(null);
            pending(confirmed);
          }}
        />
      ) : null,
    [pending, codesAllowed],
  );
  return { run, dialog };
}
