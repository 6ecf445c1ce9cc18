import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type InputHTMLAttributes } from 'react';

/**
 * Plain inputs styled like antd's, for the login page: antd's Input brings its form machinery
 * along, which would push the first page past its size budget.
 */
export function TextInput({
  invalid,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return (
    <input
      {...props}
      className={`vp-input${invalid ? ' vp-input-invalid' : ''}${className ? ` ${className}` : ''}`}
      aria-invalid={invalid || undefined}
    />
  );
}

export function PasswordInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { invalid?: boolean },
) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="vp-password">
      <TextInput {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="vp-password-toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
      </button>
    </span>
  );
}
