import { Form, Input } from 'antd';
import { confirmRules, passwordRules } from './password-rules.ts';

interface Props {
  label?: string;
  confirmLabel?: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, checked with the contract's password rule. */
export function NewPasswordFields({
  label = 'New password',
  confirmLabel = 'Confirm password',
  autoFocus = false,
}: Props) {
  return (
    <>
      <Form.Item label={label} name="password" rules={passwordRules} required hasFeedback>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirm"
        dependencies={['password']}
        rules={confirmRules('password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
