import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';

type Props = Omit<ButtonProps, 'onClick' | 'loading'> & { onClick: () => Promise<unknown> };

/**
 * A button that shows it is working while its action runs. The state is the button's own, so a
 * long action (an export) does not redraw the page around it, a large table included, as it starts
 * and ends.
 */
export function BusyButton({ onClick, ...props }: Props) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await onClick();
    } finally {
      setBusy(false);
    }
  }
  return <Button {...props} loading={busy} onClick={() => void run()} />;
}
