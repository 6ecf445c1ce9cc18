import { PRODUCT_NAME } from '@vp/contract';
import type { ReactNode, Ref } from 'react';

/**
 * The frame of the login-free forms: product name, a heading, the form. Plain markup rather than
 * antd's Card/Typography, which would pull tabs, menus and tooltips into the login bundle.
 */
export function AuthCard({
  title,
  titleRef,
  children,
}: {
  title: string;
  /** For a step that moves the focus to its heading as it appears. */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <main className="vp-auth">
      <div className="vp-auth-card">
        <div className="vp-auth-brand" aria-hidden="true">
          {PRODUCT_NAME}
        </div>
        <h1 className="vp-auth-title" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

/** A form-level message (server answer, failure or caution), announced to screen readers. */
export function FormMessage({
  type,
  children,
}: {
  type: 'error' | 'success' | 'warning';
  children: ReactNode;
}) {
  return (
    <div role={type === 'error' ? 'alert' : 'status'} className={`vp-form-message vp-form-message-${type}`}>
      {children}
    </div>
  );
}
