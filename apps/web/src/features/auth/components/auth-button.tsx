import type { ButtonHTMLAttributes } from 'react';

/**
 * The full-width primary button of the login-free pages, styled like antd's: antd's Button brings
 * its theme runtime along, which these pages load without.
 */
export function AuthButton({
  loading,
  className,
  type = 'button',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      {...props}
      type={type}
      className={`vp-button${className ? ` ${className}` : ''}`}
      aria-busy={loading || undefined}
      disabled={props.disabled || loading}
    >
      {loading && <span className="vp-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
