import { Tooltip } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { touchScreen } from '../lib/pointer.ts';

/**
 * A hint for an icon button that names itself to screen readers: shown on hover and focus where a
 * pointer hovers, and left out on a touch screen, where a tap would leave it standing over the page.
 */
export function HoverHint({ title, children }: { title: ReactNode; children: ReactElement }) {
  if (touchScreen()) return children;
  return <Tooltip title={title}>{children}</Tooltip>;
}
