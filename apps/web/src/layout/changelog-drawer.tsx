import { Drawer } from 'antd';
import { ChangelogContent } from '../features/changelog/index.ts';

export function ChangelogDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer title="Changelog" open={open} onClose={onClose} size={420} destroyOnHidden>
      <ChangelogContent headingLevel={3} />
    </Drawer>
  );
}
