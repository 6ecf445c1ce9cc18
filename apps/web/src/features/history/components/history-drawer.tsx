import { HISTORY_DRAWER_WIDTH } from '@vp/contract';
import { Drawer } from 'antd';
import { HistoryTimeline } from './history-timeline.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

/** The 'History' drawer, 30 % wide (spec §2 History drawer/tab); full width below the md breakpoint. */
export function HistoryDrawer({
  siteId,
  open,
  onClose,
}: {
  siteId: number;
  open: boolean;
  onClose: () => void;
}) {
  // Before the first measure the breakpoints are unknown ({}): the desktop width until then.
  const narrow = !useIsWide();
  return (
    <Drawer
      title="History"
      size={narrow ? '100%' : HISTORY_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      destroyOnHidden
    >
      <HistoryTimeline siteId={siteId} enabled={open} />
    </Drawer>
  );
}
