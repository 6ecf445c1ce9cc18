import { Form } from 'antd';
import type { ReactNode } from 'react';

/** What a control needs to be named by its label and described by its help and its error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled field of the rule editor: its help under it, and the contract's message in its place
 * when the value is refused. The control gets the ids that tie them together.
 */
export function Field({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const described = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      extra={help ? <span id={`${id}-help`}>{help}</span> : undefined}
    >
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
    </Form.Item>
  );
}
