import type { PasswordOwner } from '@vp/contract/password-strength';
import { Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { confirmRules, passwordRules, preloadPasswordStrength } from './password-rules.ts';

interface Props {
  label?: string;
  confirmLabel?: string;
  autoFocus?: boolean;
  /** Who the password is for (username, names, email), as far as the screen knows. */
  owner?: () => PasswordOwner;
}

/** A new password and its confirmation, checked with the contract's password rules. */
export function NewPasswordFields({
  label = 'New password',
  confirmLabel = 'Confirm password',
  autoFocus = false,
  owner,
}: Props) {
  useEffect(preloadPasswordStrength, []);
  const rules = useMemo(() => passwordRules(owner), [owner]);
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        rules={rules}
        required
        hasFeedback
        validateDebounce={300}
        className="vp-new-password"
      >
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
