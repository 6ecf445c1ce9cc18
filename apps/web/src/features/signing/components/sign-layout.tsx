import { PRODUCT_NAME } from '@vp/contract';
import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';

/**
 * The frame of the signing and verify pages: product name, the page's heading, its content. Plain
 * markup and CSS, like the login page, so a broker's phone shows it without the app shell.
 */
export function SignLayout({
  title,
  children,
  wide,
  busy,
  focusTitle,
}: {
  title: string;
  children: ReactNode;
  /** The signing form and the verify page use a wider column on large screens. */
  wide?: boolean;
  busy?: boolean;
  /** Moves focus to the heading when shown: the page's content changed under the reader. */
  focusTitle?: boolean;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle, title]);
  return (
    <main className="vp-sign" aria-busy={busy || undefined}>
      <div className={`vp-sign-card${wide ? ' vp-sign-card-wide' : ''}`}>
        <div className="vp-auth-brand">{PRODUCT_NAME}</div>
        <h1 className="vp-auth-title" ref={titleRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

export function SignButton({
  loading,
  danger,
  className,
  type = 'button',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; danger?: boolean }) {
  return (
    <button
      {...props}
      type={type}
      className={`vp-button vp-sign-button${danger ? ' vp-sign-button-danger' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={loading || undefined}
      disabled={props.disabled || loading}
    >
      {loading && <span className="vp-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A message about the page or the form, announced to screen readers. */
export function Notice({
  tone,
  children,
}: {
  tone: 'error' | 'warning' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`vp-sign-notice vp-sign-notice-${tone}`}
    >
      {children}
    </div>
  );
}
