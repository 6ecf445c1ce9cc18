import type { ReactNode } from 'react';

/**
 * A labelled field with its validation message, for the login form, which stays off antd's Form
 * to keep the first page small. The message is tied to the input through aria-describedby.
 */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`vp-field${error ? ' vp-field-invalid' : ''}`}>
      <label htmlFor={id} className="vp-field-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="vp-field-error">
          {error}
        </div>
      )}
    </div>
  );
}
