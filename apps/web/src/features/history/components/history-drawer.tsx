import { HISTORY_DRAWER_WIDTH } from '@vp/contract';
import { Drawer } from 'antd';
import { HistoryTimeline } from './history-timeline.tsx';

/** The 'History' drawer, 30 % wide (spec §2 History drawer/tab). */
export function HistoryDrawer({
  siteId,
  open,
  onClose,
}: {
  siteId: number;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer title="History" size={HISTORY_DRAWER_WIDTH} open={open} onClose={onClose} destroyOnHidden>
      <HistoryTimeline siteId={siteId} enabled={open} />
    </Drawer>
  );
}
